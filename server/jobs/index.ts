import type { FastifyInstance } from 'fastify';
import { startReminderScheduler } from './reminders.ts';

export interface Jobs {
  /** Resolves when the scheduled work in progress (if any) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the scheduled work of the server (reminders firing, every REMINDER_TICK_MS). */
export function startJobs(app: FastifyInstance): Jobs {
  const reminders = startReminderScheduler(app, { tickMs: app.config.reminderTickMs });
  return {
    idle: () => reminders.idle(),
    stop: () => reminders.stop(),
  };
}
