import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../shared/messages.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../lib/database-errors.ts';
import { publicContextOf } from '../../plugins/access.ts';
import { HEALTH_TIMEOUT_MS, isDatabaseUp } from './health.service.ts';

const database = z.enum(['pglite', 'postgres']).describe('The database in use');

const healthSchema = z.object({
  status: z.literal('ok'),
  database,
  databaseUp: z.literal(true).describe('The database answered a query'),
  ready: z.literal(true).describe('The app can serve requests'),
});

const unavailableSchema = z.object({
  status: z.literal('unavailable'),
  database,
  databaseUp: z.literal(false),
  ready: z.literal(false),
  message: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Never reads a session: it must answer while the database holding them is down.
      config: { access: 'public', skipSession: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness with a real database query',
        description:
          `Runs one query, waiting at most ${HEALTH_TIMEOUT_MS / 1000} s. While the database ` +
          'cannot be reached: 503 with `Retry-After`, `databaseUp: false` and `ready: false`.',
        response: { 200: healthSchema, 503: unavailableSchema },
      },
    },
    async (request, reply) => {
      const database = app.database.driver;
      if (await isDatabaseUp(publicContextOf(request))) {
        return { status: 'ok' as const, database, databaseUp: true as const, ready: true as const };
      }
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable' as const,
          database,
          databaseUp: false as const,
          ready: false as const,
          message: apiErrors.unavailable,
        });
    },
  );
};
