import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryEntrySchema, directoryQuerySchema } from '../../../shared/schemas/directory.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf } from '../../plugins/access.ts';
import { listDirectory } from './directory.service.ts';

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/directory',
    {
      config: { access: 'directory:read', auditEntity: 'directory' },
      schema: {
        tags: ['directory'],
        summary: 'Names and ids for pickers: active doctors or caregivers, or patients in scope',
        querystring: directoryQuerySchema,
        response: {
          200: z.array(directoryEntrySchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listDirectory(contextOf(request), request.query),
  );
};
