import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  progressReportInputSchema,
  progressReportSchema,
} from '../../../shared/schemas/progress-reports.ts';
import { registerRecordRoutes } from '../clinical-common/record-routes.ts';
import { progressReportsService } from './progress-reports.service.ts';

export const progressReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRecordRoutes(app, {
    path: '/progress-reports',
    tag: 'progress reports',
    noun: 'progress report',
    entity: 'progress-report',
    answer: progressReportSchema,
    input: progressReportInputSchema,
    access: {
      read: 'progress-reports:read',
      create: 'progress-reports:create',
      // Doctors edit any report in scope, caregivers their own: the service decides (403).
      update: 'progress-reports:read',
      remove: 'progress-reports:write',
    },
    service: progressReportsService,
    byPerson: {
      segment: 'caregiver',
      summary:
        "The reports a caregiver is named on or filed: the caller's own, or any for a supervisor",
      list: progressReportsService.listForCaregiver,
    },
  });
};
