import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** Resolves when the run in progress (if any) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `run` at once and then `everyMs` after each run ends, so runs never overlap however long
 * one takes. `everyMs` may be a function, asked after each run for the next pause (a job due at
 * a time of its own); `firstDelayMs` holds the first run back. A failed run is logged with
 * `failure` and the next one still comes; the timer does not keep the process alive.
 */
export function runPeriodically<T>(
  app: FastifyInstance,
  everyMs: number | (() => number),
  run: () => Promise<T>,
  report: { done(result: T): void; failure: string },
  options: { firstDelayMs?: number } = {},
): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pause = typeof everyMs === 'number' ? () => everyMs : everyMs;

  const wait = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, ms));
    timer.unref();
  };
  const tick = () => {
    running = run()
      .then(report.done)
      .catch((error: unknown) => app.log.error({ err: error }, report.failure))
      .finally(() => wait(pause()));
  };
  if (options.firstDelayMs === undefined) tick();
  else wait(options.firstDelayMs);

  return {
    idle: () => running,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
