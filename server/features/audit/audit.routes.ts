import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLogEntrySchema,
  auditEntrySchema,
  auditQuerySchema,
} from '../../../shared/schemas/audit.ts';
import { idParamsSchema, listQuerySchema } from '../../../shared/schemas/common.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendPage } from '../../lib/list.ts';
import { contextOf } from '../../plugins/access.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportAccessLog, exportAuditLog } from './audit-csv.ts';
import { listAccessLog, listAuditEntries } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'audit:read', auditEntity: 'audit-log' },
      schema: {
        tags: ['audit'],
        summary:
          'The audit log, newest first or oldest first (sort), filtered (admins; X-Total-Count)',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listAuditEntries(contextOf(request), request.query)),
  );

  csvRoute(app, '/audit.csv', {
    config: { access: 'audit:read', auditEntity: 'audit-log' },
    tags: ['audit'],
    operationId: 'exportAuditLogCsv',
    summary: 'The audit log as CSV: every entry matching the filters, in the order asked (admins)',
    querystring: auditQuerySchema,
    errors: errorResponses(400, 401, 403),
    download: (request) =>
      exportAuditLog(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  // The patient's own view of the trail, under the patient's path.
  app.get(
    '/patients/:id/access-log',
    {
      config: { access: 'patients:read', auditEntity: 'access-log' },
      schema: {
        tags: ['patients'],
        summary: 'Who opened this record: for the patient themself and for admins (X-Total-Count)',
        params: idParamsSchema,
        querystring: listQuerySchema.omit({ q: true }),
        response: {
          200: z.array(accessLogEntrySchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const page = await listAccessLog(contextOf(request), request.params.id, request.query);
      return sendPage(reply, page);
    },
  );

  csvRoute(app, '/patients/:id/access-log.csv', {
    config: { access: 'patients:read', auditEntity: 'access-log' },
    tags: ['patients'],
    operationId: 'exportPatientAccessLogCsv',
    summary: 'Who opened this record, as CSV: for the patient themself and for admins',
    params: idParamsSchema,
    querystring: listQuerySchema.omit({ q: true }),
    errors: errorResponses(400, 401, 403, 404, 409),
    download: (request) =>
      exportAccessLog(contextOf(request), request.params.id, headerTimeZone(request.headers)),
  });
};
