import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.driver };
    },
  );
};
