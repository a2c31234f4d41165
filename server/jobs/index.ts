import type { FastifyInstance } from 'fastify';
import { startAuditRetention } from './audit-retention.ts';
import { startDoseAlerts } from './doses.ts';
import { startReminderScheduler } from './reminders.ts';
import { startSessionPruning } from './sessions.ts';
import { startVisitAlerts } from './visits.ts';

export interface Jobs {
  /** Resolves when the scheduled work in progress (if any) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the scheduled work of the server: reminders firing (every REMINDER_TICK_MS), late and
 * missed dose alerts (every DOSE_TICK_MS), missed visits and late and missed visit alerts
 * (every VISIT_TICK_MS), old sessions and login-throttle rows deleted (hourly), and audit rows
 * past the agency's retention archived and removed with spent account tokens (daily).
 */
export function startJobs(app: FastifyInstance): Jobs {
  const reminders = startReminderScheduler(app, { tickMs: app.config.reminderTickMs });
  const doseAlerts = startDoseAlerts(app, { tickMs: app.config.doseTickMs });
  const visitAlerts = startVisitAlerts(app, { tickMs: app.config.visitTickMs });
  const pruning = startSessionPruning(app);
  const retention = startAuditRetention(app);
  const all = [reminders, doseAlerts, visitAlerts, pruning, retention];
  return {
    idle: async () => {
      await Promise.all(all.map((job) => job.idle()));
    },
    stop: async () => {
      await Promise.all(all.map((job) => job.stop()));
    },
  };
}
