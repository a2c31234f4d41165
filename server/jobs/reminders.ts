import type { FastifyInstance } from 'fastify';
import { fireDueReminderBatch } from '../features/reminders/reminders.service.ts';
import { runPeriodically, type PeriodicJob } from './periodic.ts';

export const DEFAULT_REMINDER_TICK_MS = 2000;
const DEFAULT_BATCH_SIZE = 100;

/**
 * Turns every reminder that is due at `app.clock.now()` into a notification for its owner,
 * batch after batch until none is left. Safe to run at the same time on several instances
 * sharing one database: each reminder fires exactly once. Returns how many fired.
 */
export async function runDueReminders(
  app: FastifyInstance,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const now = app.clock.now();
  let fired = 0;
  for (;;) {
    const count = await fireDueReminderBatch(app.db, now, batchSize);
    fired += count;
    // A short batch means nothing was left, or the rest is being fired by another instance.
    if (count < batchSize) return fired;
  }
}

export type ReminderScheduler = PeriodicJob;

/**
 * Runs `runDueReminders` at once (reminders that fell due while the server was down fire at
 * start) and then every `tickMs`. Runs never overlap; a failed run is logged and retried.
 */
export function startReminderScheduler(
  app: FastifyInstance,
  options: { tickMs?: number } = {},
): ReminderScheduler {
  return runPeriodically(
    app,
    options.tickMs ?? DEFAULT_REMINDER_TICK_MS,
    () => runDueReminders(app),
    {
      done: (fired) => {
        if (fired > 0) app.log.info({ fired }, 'reminders fired');
      },
      failure: 'firing reminders failed',
    },
  );
}
