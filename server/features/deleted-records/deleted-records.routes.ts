import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import {
  deletedRecordSchema,
  deletedRecordsQuerySchema,
} from '../../../shared/schemas/deleted-records.ts';
import { sendPage } from '../../lib/list.ts';
import { listDeletedRecords } from './deleted-records.service.ts';

export const deletedRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/deleted-records',
    {
      config: { access: 'records:restore', auditEntity: 'deleted-record' },
      schema: {
        tags: ['deleted records'],
        summary: 'Soft-deleted records an admin can restore, most recently deleted first',
        description:
          'Patients, appointments, medical records, progress reports, prescriptions and ' +
          'medication records (or one type); X-Total-Count. Restore each with ' +
          'POST /api/<plural>/{id}/restore.',
        querystring: deletedRecordsQuerySchema,
        response: {
          200: z.array(deletedRecordSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => sendPage(reply, await listDeletedRecords(request, request.query)),
  );
};
