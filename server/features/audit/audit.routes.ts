import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '../../../shared/schemas/audit.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { sendPage } from '../../lib/list.ts';
import { auditRead } from '../../plugins/request-audit.ts';
import { listAuditEntries } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'audit:read', auditEntity: 'audit-log' },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, filtered (admins; X-Total-Count)',
        querystring: auditQuerySchema,
        response: {
          200: z.array(auditEntrySchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const page = await listAuditEntries(app.db, request.query);
      // Reading the trail is itself recorded; it holds ids only, so it is not tied to a patient.
      await auditRead(request, { action: 'list', entity: 'audit-log' });
      return sendPage(reply, page);
    },
  );
};
