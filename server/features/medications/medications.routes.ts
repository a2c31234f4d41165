import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { medicationInputSchema, medicationSchema } from '../../../shared/schemas/medications.ts';
import { registerRecordRoutes } from '../clinical-common/record-routes.ts';
import { medicationsService } from './medications.service.ts';

export const medicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRecordRoutes(app, {
    path: '/medications',
    tag: 'medication',
    noun: 'medication record',
    entity: 'medication',
    answer: medicationSchema,
    input: medicationInputSchema,
    access: {
      read: 'medications:read',
      // Caregivers log a dose given; doctors may too.
      create: 'medications:log',
      update: 'medications:write',
      remove: 'medications:write',
    },
    service: medicationsService,
  });
};
