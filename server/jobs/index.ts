import type { FastifyInstance } from 'fastify';

export interface Jobs {
  stop(): Promise<void>;
}

/** Starts the scheduled work of the server (reminders firing). */
export function startJobs(_app: FastifyInstance): Jobs {
  return { stop: async () => {} };
}
