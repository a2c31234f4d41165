import type { FastifyInstance } from 'fastify';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's full collection, without starting Node with --expose-gc: the flag set now exposes `gc` in
 * contexts made from here on, and one such context hands it over. Null where it cannot (another
 * runtime): the server then runs without collecting when idle.
 */
export function fullCollection(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

export interface IdleCollectOptions {
  /** No request begun or ended for this long is idle. */
  idleMs?: number;
  /** Collects only when the heap's size has grown this much since the last collection (bytes). */
  minGrowth?: number;
  /** The collection; by default V8's full collection (fullCollection). */
  collect?: (() => void) | null;
  /**
   * The heap's size now, in bytes: what V8 holds from the system (its committed heap), live
   * objects, garbage and emptied pages alike. The heap in use is no guide: a collection V8 ran
   * itself near the end of a burst leaves little garbage in use but the pages still held (at the
   * end of the bench's 10k run the process stayed at 414 MB for as long as it was idle).
   */
  heapSize?: () => number;
  /** The clock, in milliseconds. */
  now?: () => number;
}

export const IDLE_COLLECT_MS = 10_000;
const MIN_GROWTH = 32 * 1024 * 1024;
/**
 * One collection frees the garbage but leaves the heap's pages where live objects sit among
 * it; each next one moves more of those together and gives the emptied pages back (a heap of
 * 240 MB holding 14 MB live: 211 MB committed after one, 124 after two, 49 after three).
 */
const ROUNDS = 3;
/** Between two rounds the server answers whatever arrives. */
const SPACING_MS = 500;

/**
 * After a burst of requests, once the server has been idle a while, full collections give the
 * burst's garbage back. V8 collects when it allocates: a server that falls quiet after heavy
 * answers (FHIR bundles, CSV files, a month's MAR for fifty callers at once) keeps that
 * garbage, and the memory the heap grew to hold it, resident until the next busy spell (206-295
 * MB of heap measured after fifty callers of one patient's FHIR bundle, 45 MB of it live). The
 * collections run only when nothing is being answered, once per burst and only when the heap
 * has grown since the last time: three of them half a second apart, each a few tens of
 * milliseconds, and a request arriving meanwhile stops the rest. Open event streams do not
 * count as activity: they are open all day.
 */
export function collectWhenIdle(app: FastifyInstance, options: IdleCollectOptions = {}): void {
  const idleMs = options.idleMs ?? IDLE_COLLECT_MS;
  const minGrowth = options.minGrowth ?? MIN_GROWTH;
  const collect = options.collect === undefined ? fullCollection() : options.collect;
  const heapSize = options.heapSize ?? (() => process.memoryUsage().heapTotal);
  const now = options.now ?? Date.now;
  if (!collect) return;

  let lastActivity = now();
  let busySinceCollect = false;
  let heapAfterCollect = heapSize();
  let next: NodeJS.Timeout | undefined;
  let collecting = false;
  const touch = () => {
    lastActivity = now();
    busySinceCollect = true;
  };
  // Callback hooks: on every request, so no promise each.
  app.addHook('onRequest', (_request, _reply, done) => {
    touch();
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    touch();
    done();
  });

  const rounds = (quietSince: number, left: number, before: number, started: number) => {
    next = undefined;
    if (lastActivity !== quietSince) {
      collecting = false;
      return;
    }
    collect();
    heapAfterCollect = heapSize();
    if (left > 1) {
      next = setTimeout(() => rounds(quietSince, left - 1, before, started), SPACING_MS);
      next.unref();
      return;
    }
    collecting = false;
    app.log.debug(
      `idle: heap ${Math.round(before / 1e6)} -> ${Math.round(heapAfterCollect / 1e6)} MB over ${Math.round(performance.now() - started)} ms`,
    );
  };

  const timer = setInterval(() => {
    if (collecting || !busySinceCollect || now() - lastActivity < idleMs) return;
    busySinceCollect = false;
    if (heapSize() - heapAfterCollect < minGrowth) return;
    collecting = true;
    rounds(lastActivity, ROUNDS, heapSize(), performance.now());
  }, idleMs / 2);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(next);
  });
}
