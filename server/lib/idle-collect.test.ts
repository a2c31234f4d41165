import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, fullCollection } from './idle-collect.ts';

const MB = 1024 * 1024;

describe('fullCollection', () => {
  it('is V8 collection itself: garbage made here is gone after it', () => {
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');
    collect!();
    const before = process.memoryUsage().heapUsed;
    let garbage: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({
      i,
      s: `row ${i}`,
    }));
    expect(garbage.length).toBe(400_000);
    const grown = process.memoryUsage().heapUsed;
    expect(grown - before).toBeGreaterThan(10 * MB);
    garbage = null;
    collect!();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * MB);
  });
});

describe('collectWhenIdle', () => {
  let app: FastifyInstance;
  let clock: number;
  let heap: number;
  let collections: number;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    clock = 1_000_000;
    heap = 50 * MB;
    collections = 0;
    app = Fastify();
    collectWhenIdle(app, {
      idleMs: 10_000,
      minGrowth: 32 * MB,
      now: () => clock,
      heapSize: () => heap,
      collect: () => {
        collections += 1;
        heap = 50 * MB;
      },
    });
    app.get('/heavy', async () => {
      heap += 100 * MB;
      return { ok: true };
    });
    app.get('/light', async () => ({ ok: true }));
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    vi.useRealTimers();
  });

  /** Lets `ms` pass on the clock the collector reads and on its timers, a tenth of a second at a time. */
  const wait = (ms: number) => {
    for (let passed = 0; passed < ms; passed += 100) {
      clock += 100;
      vi.advanceTimersByTime(100);
    }
  };

  /** Waits until the first collection; how long that took. */
  const untilCollected = (limit: number) => {
    let waited = 0;
    while (collections === 0 && waited < limit) {
      wait(100);
      waited += 100;
    }
    return waited;
  };

  it('does nothing while nothing was asked', () => {
    heap = 500 * MB;
    wait(60_000);
    expect(collections).toBe(0);
  });

  it('collects after a heavy burst, only once the server has been idle long enough', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await app.inject('/heavy')).statusCode).toBe(200);
      wait(4_000);
    }
    // Each request came within the idle time of the one before.
    expect(collections).toBe(0);
    // Ten seconds after the last request, at the next look (every five seconds).
    const waited = untilCollected(20_000);
    expect(waited + 4_000).toBeGreaterThanOrEqual(10_000);
    expect(waited + 4_000).toBeLessThanOrEqual(15_000);
    expect(collections).toBe(1);
    // Three rounds, half a second apart.
    wait(400);
    expect(collections).toBe(1);
    wait(100);
    expect(collections).toBe(2);
    wait(500);
    expect(collections).toBe(3);
    // Idle on: nothing new to give back.
    heap += 100 * MB;
    wait(60_000);
    expect(collections).toBe(3);
  });

  it('stops its rounds when a request arrives between them', async () => {
    expect((await app.inject('/heavy')).statusCode).toBe(200);
    untilCollected(20_000);
    expect(collections).toBe(1);
    expect((await app.inject('/light')).statusCode).toBe(200);
    wait(2_000);
    expect(collections).toBe(1);
  });

  it('leaves a burst that grew the heap little to V8', async () => {
    expect((await app.inject('/light')).statusCode).toBe(200);
    heap += 10 * MB;
    wait(30_000);
    expect(collections).toBe(0);
    // The next heavy burst is collected.
    expect((await app.inject('/heavy')).statusCode).toBe(200);
    wait(20_000);
    expect(collections).toBe(3);
  });

  it('stops with the app', async () => {
    expect((await app.inject('/heavy')).statusCode).toBe(200);
    await app.close();
    wait(60_000);
    expect(collections).toBe(0);
  });
});
