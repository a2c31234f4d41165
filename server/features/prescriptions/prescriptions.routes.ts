import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  prescriptionInputSchema,
  prescriptionSchema,
} from '../../../shared/schemas/prescriptions.ts';
import { registerRecordRoutes } from '../clinical-common/record-routes.ts';
import { prescriptionsService } from './prescriptions.service.ts';

export const prescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRecordRoutes(app, {
    path: '/prescriptions',
    tag: 'prescriptions',
    noun: 'prescription',
    entity: 'prescription',
    answer: prescriptionSchema,
    input: prescriptionInputSchema,
    access: {
      read: 'prescriptions:read',
      create: 'prescriptions:write',
      update: 'prescriptions:write',
      remove: 'prescriptions:write',
    },
    service: prescriptionsService,
    byPerson: {
      segment: 'doctor',
      summary:
        "The prescriptions a doctor wrote: the caller's own, or any doctor's for a supervisor",
      list: prescriptionsService.listForDoctor,
    },
  });
};
