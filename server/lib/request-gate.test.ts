import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gateApiRequests, RequestGate } from './request-gate.ts';

/** A promise with its resolve, to hold a handler until the test lets it go. */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const settledSoon = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('RequestGate', () => {
  it('lets `limit` holders in and the rest wait, served in arrival order', async () => {
    const gate = new RequestGate(2);
    const order: string[] = [];
    const places = ['a', 'b', 'c', 'd'].map((name) => {
      const place = gate.take();
      void place.granted.then(() => order.push(name));
      return place;
    });
    await settledSoon();
    expect(order).toEqual(['a', 'b']);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);

    places[1]!.release();
    await settledSoon();
    expect(order).toEqual(['a', 'b', 'c']);
    places[0]!.release();
    await settledSoon();
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.active, gate.waiting]).toEqual([2, 0]);
  });

  it('gives a place back once however often it is released', async () => {
    const gate = new RequestGate(1);
    const first = gate.take();
    const second = gate.take();
    const third = gate.take();
    first.release();
    first.release();
    await second.granted;
    expect([gate.active, gate.waiting]).toEqual([1, 1]);
    second.release();
    await third.granted;
    third.release();
    third.release();
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('takes a place released while waiting out of the queue, and lets it go on', async () => {
    const gate = new RequestGate(1);
    const holder = gate.take();
    const leaving = gate.take();
    const next = gate.take();
    await holder.granted;
    leaving.release();
    await leaving.granted;
    expect([gate.active, gate.waiting]).toEqual([1, 1]);
    holder.release();
    await next.granted;
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
  });

  it('lets the next in at once after a short holder, and after a long one only in a later turn of the event loop', async () => {
    const gate = new RequestGate(1);
    const [short, afterShort, afterLong] = [gate.take(), gate.take(), gate.take()];
    await short.granted;
    let turned = false;
    setImmediate(() => (turned = true));
    short.release();
    await afterShort.granted;
    expect(turned).toBe(false);

    // A holder that kept the thread for longer than a turn may last.
    const until = performance.now() + 15;
    while (performance.now() < until);
    turned = false;
    setImmediate(() => (turned = true));
    afterShort.release();
    await afterLong.granted;
    // What was waiting for the event loop (a read, a new connection) went first.
    expect(turned).toBe(true);
    afterLong.release();
  });

  it('refuses a limit under one', () => {
    expect(() => new RequestGate(0)).toThrow(RangeError);
  });
});

describe('gateApiRequests', () => {
  let app: FastifyInstance;
  let port: number;
  const holds = new Map<string, ReturnType<typeof held>>();
  const ran: string[] = [];

  async function start(limit: number) {
    app = Fastify();
    gateApiRequests(app, limit);
    app.get('/api/hold/:name', async (request) => {
      const { name } = request.params as { name: string };
      ran.push(name);
      const hold = held();
      holds.set(name, hold);
      await hold.promise;
      return { name };
    });
    app.get('/api/stream', async (_request, reply) => {
      ran.push('stream');
      const stream = new PassThrough();
      stream.write('open\n');
      return reply.header('content-type', 'text/plain').send(stream);
    });
    app.get('/page', async () => ({ page: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }

  /** A GET whose answer is read whole; `abort` closes it before the answer. */
  function get(path: string) {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false });
    const answer = new Promise<string>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (path === '/api/stream') resolve(body);
        });
        response.on('end', () => resolve(body));
      });
      request.on('error', reject);
    });
    return { answer, abort: () => request.destroy() };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await settledSoon();
    expect(check()).toBe(true);
  };

  afterEach(async () => {
    for (const hold of holds.values()) hold.release();
    holds.clear();
    ran.length = 0;
    await app.close();
  });

  it('runs the API requests over the limit in the order they came, and leaves other paths alone', async () => {
    await start(1);
    const a = get('/api/hold/a');
    await until(() => ran.includes('a'));
    const b = get('/api/hold/b');
    await settledSoon();
    const c = get('/api/hold/c');
    await settledSoon();
    // Outside /api/: not queued behind a.
    expect(await get('/page').answer).toBe('{"page":true}');
    expect(ran).toEqual(['a']);

    holds.get('a')!.release();
    expect(JSON.parse(await a.answer)).toEqual({ name: 'a' });
    await until(() => ran.length === 2);
    expect(ran).toEqual(['a', 'b']);
    holds.get('b')!.release();
    await b.answer;
    await until(() => ran.length === 3);
    expect(ran).toEqual(['a', 'b', 'c']);
    holds.get('c')!.release();
    await c.answer;
  });

  it('gives the place back once a stream that stays open has started', async () => {
    await start(1);
    const stream = get('/api/stream');
    expect(await stream.answer).toBe('open\n');
    const after = get('/api/hold/after');
    await until(() => ran.includes('after'));
    holds.get('after')!.release();
    expect(JSON.parse(await after.answer)).toEqual({ name: 'after' });
    stream.abort();
  });

  it('never runs a request whose client went away while it waited, and frees its place', async () => {
    await start(1);
    const first = get('/api/hold/first');
    await until(() => ran.includes('first'));
    const gone = get('/api/hold/gone');
    gone.answer.catch(() => undefined);
    await settledSoon();
    gone.abort();
    await settledSoon();
    const last = get('/api/hold/last');
    await settledSoon();

    holds.get('first')!.release();
    await first.answer;
    await until(() => ran.includes('last'));
    expect(ran).toEqual(['first', 'last']);
    holds.get('last')!.release();
    expect(JSON.parse(await last.answer)).toEqual({ name: 'last' });
  });

  it('gives a place back when the client of a running request goes away', async () => {
    await start(1);
    const leaving = get('/api/hold/leaving');
    leaving.answer.catch(() => undefined);
    await until(() => ran.includes('leaving'));
    leaving.abort();
    await settledSoon();
    const next = get('/api/hold/next');
    await until(() => ran.includes('next'));
    holds.get('next')!.release();
    expect(JSON.parse(await next.answer)).toEqual({ name: 'next' });
  });
});
