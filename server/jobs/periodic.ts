import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** Resolves when the run in progress (if any) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `run` at once and then `everyMs` after each run ends, so runs never overlap however long
 * one takes. A failed run is logged with `failure` and the next one still comes; the timer does
 * not keep the process alive.
 */
export function runPeriodically<T>(
  app: FastifyInstance,
  everyMs: number,
  run: () => Promise<T>,
  report: { done(result: T): void; failure: string },
): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = run()
      .then(report.done)
      .catch((error: unknown) => app.log.error({ err: error }, report.failure))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, everyMs);
        timer.unref();
      });
  };
  tick();

  return {
    idle: () => running,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
