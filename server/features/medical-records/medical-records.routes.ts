import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  medicalRecordInputSchema,
  medicalRecordSchema,
} from '../../../shared/schemas/medical-records.ts';
import { registerRecordRoutes } from '../clinical-common/record-routes.ts';
import { medicalRecordsService } from './medical-records.service.ts';

export const medicalRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRecordRoutes(app, {
    path: '/medical-records',
    tag: 'medical records',
    noun: 'medical record',
    entity: 'medical-record',
    answer: medicalRecordSchema,
    input: medicalRecordInputSchema,
    access: {
      read: 'medical-records:read',
      create: 'medical-records:write',
      update: 'medical-records:write',
      remove: 'medical-records:write',
    },
    service: medicalRecordsService,
    byPerson: {
      segment: 'doctor',
      summary: "The records a doctor wrote: the caller's own, or any doctor's for a supervisor",
      list: medicalRecordsService.listForDoctor,
    },
  });
};
