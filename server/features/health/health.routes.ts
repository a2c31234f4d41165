import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicContextOf } from '../../plugins/access.ts';
import { checkDatabase } from './health.service.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness with a real database query',
        response: { 200: healthSchema },
      },
    },
    async (request) => {
      await checkDatabase(publicContextOf(request));
      return { status: 'ok' as const, database: app.database.driver };
    },
  );
};
