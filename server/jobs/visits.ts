import type { FastifyInstance } from 'fastify';
import { sweepVisitAlerts, type VisitAlertSweep } from '../features/visits/visit-alerts.ts';
import { runPeriodically, type PeriodicJob } from './periodic.ts';

export const DEFAULT_VISIT_TICK_MS = 60_000;

/** Marks the missed visits and sends the late and missed alerts due at `app.clock.now()`. */
export function runVisitAlerts(app: FastifyInstance): Promise<VisitAlertSweep> {
  return sweepVisitAlerts(app.db, app.clock.now());
}

/**
 * Runs `runVisitAlerts` at once (alerts that fell due while the server was down are sent at
 * start) and then every `tickMs`. Runs never overlap; a failed run is logged and retried.
 */
export function startVisitAlerts(
  app: FastifyInstance,
  options: { tickMs?: number } = {},
): PeriodicJob {
  return runPeriodically(app, options.tickMs ?? DEFAULT_VISIT_TICK_MS, () => runVisitAlerts(app), {
    done: (sent) => {
      if (sent.late + sent.missed > 0) app.log.info(sent, 'visit alerts sent');
    },
    failure: 'sending visit alerts failed',
  });
}
