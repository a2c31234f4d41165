import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A place in a RequestGate: `granted` settles when the request may go on; `release` gives the
 * place back (or leaves the queue), once, whenever it is called.
 */
export interface GatePlace {
  granted: Promise<void>;
  release(): void;
}

/** How long one turn of the event loop may go on letting requests in, one after another. */
const TURN_MS = 10;

/**
 * At most `limit` holders at once; the rest wait in arrival order. Places are handed out in
 * turns of the event loop (setImmediate): one at the start of a turn, and more in the same turn
 * only while it has lasted under TURN_MS. A holder that needs no real I/O (PGlite runs its
 * statements on this thread) runs to its end in the turn it is let in; between two turns the
 * server reads what has arrived meanwhile, new connections included, so newcomers join the
 * queue at once rather than after everyone already in. A place released while still waiting
 * leaves the queue, and its `granted` resolves at once so nothing waits on it for ever.
 */
export class RequestGate {
  private holders = 0;
  private readonly queue: Array<{ grant(): void }> = [];
  private turnScheduled = false;
  private turnStarted = -Infinity;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`gate limit ${limit}`);
  }

  get active(): number {
    return this.holders;
  }

  get waiting(): number {
    return this.queue.length;
  }

  take(): GatePlace {
    let state: 'waiting' | 'holding' | 'done' = 'waiting';
    let resolve!: () => void;
    const granted = new Promise<void>((done) => (resolve = done));
    const entry = {
      grant: () => {
        state = 'holding';
        resolve();
      },
    };
    this.queue.push(entry);
    this.scheduleTurn();
    return {
      granted,
      release: () => {
        if (state === 'holding') {
          this.holders -= 1;
          if (performance.now() - this.turnStarted < TURN_MS) this.letNextIn();
          else this.scheduleTurn();
        } else if (state === 'waiting') {
          this.queue.splice(this.queue.indexOf(entry), 1);
          resolve();
        }
        state = 'done';
      },
    };
  }

  /** Lets the next in, in a later turn of the event loop, if there is room and someone waits. */
  private scheduleTurn() {
    if (this.turnScheduled || this.queue.length === 0 || this.holders >= this.limit) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.turnStarted = performance.now();
      this.letNextIn();
    });
  }

  private letNextIn() {
    if (this.queue.length === 0 || this.holders >= this.limit) return;
    this.holders += 1;
    this.queue.shift()!.grant();
    this.scheduleTurn();
  }
}

/**
 * How many API requests the embedded database serves at once; the rest wait their turn in
 * arrival order. PGlite runs each statement on the server's own thread, so a request runs
 * from start to end without letting the server read anything else, and the server took in
 * one new connection per such stretch: at 50 connections the first requests of some waited
 * 8 s and more while the requests of connections already in went round again and again (p50
 * 0.5 s, p99 8 s, requests timing out). Let in by turns of the event loop, every request
 * waits about as long as every other. More than one at a time only for requests that wait on
 * something else (a password hash, a file).
 */
export const EMBEDDED_DATABASE_REQUESTS = 4;

/**
 * Lets `limit` API requests (paths under /api/) run at once and queues the rest in arrival
 * order. A place is given back as soon as the answer is ready to be sent (so a stream that
 * stays open, such as live notifications, holds none), or when the client goes away; a request
 * whose client went away while it waited is not run.
 */
export function gateApiRequests(app: FastifyInstance, limit: number): RequestGate {
  const gate = new RequestGate(limit);
  const places = new WeakMap<FastifyRequest, GatePlace>();
  const release = (request: FastifyRequest) => places.get(request)?.release();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const place = gate.take();
    places.set(request, place);
    await place.granted;
    if (request.raw.destroyed || request.raw.socket?.destroyed) {
      place.release();
      // Nobody is there to read the answer: end the request without running it.
      reply.hijack();
    }
  });
  app.addHook('onSend', async (request) => {
    release(request);
  });
  app.addHook('onResponse', async (request) => {
    release(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    release(request);
  });
  return gate;
}
