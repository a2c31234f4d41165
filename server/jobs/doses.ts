import type { FastifyInstance } from 'fastify';
import { sweepDoseAlerts, type DoseAlertSweep } from '../features/medications/dose-alerts.ts';
import { runPeriodically, type PeriodicJob } from './periodic.ts';

export const DEFAULT_DOSE_TICK_MS = 60_000;

/** Sends the late and missed alerts due at `app.clock.now()` (see sweepDoseAlerts). */
export function runDoseAlerts(app: FastifyInstance): Promise<DoseAlertSweep> {
  return sweepDoseAlerts(app.db, app.clock.now());
}

/**
 * Runs `runDoseAlerts` at once (alerts that fell due while the server was down are sent at
 * start) and then every `tickMs`. Runs never overlap; a failed run is logged and retried.
 */
export function startDoseAlerts(
  app: FastifyInstance,
  options: { tickMs?: number } = {},
): PeriodicJob {
  return runPeriodically(app, options.tickMs ?? DEFAULT_DOSE_TICK_MS, () => runDoseAlerts(app), {
    done: (sent) => {
      if (sent.late + sent.missed > 0) app.log.info(sent, 'dose alerts sent');
    },
    failure: 'sending dose alerts failed',
  });
}
