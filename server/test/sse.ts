import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  event: string;
  data: unknown;
  /** The event's `id:` field, if it had one. */
  id?: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines seen (': ping'). */
  comments: string[];
  /** The last `id:` field seen, with or without an event (what a browser would send back). */
  lastEventId(): string | undefined;
  /** Waits for the first event (already received or to come) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The base URL of an app listening on a free local port (listens first if needed). */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens a Server-Sent Events stream over real HTTP (app.inject waits for a response to end,
 * which a stream never does) and parses its events as they come.
 */
export async function openEventStream(
  url: string,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<SseClient> {
  // node:http on its own connection: fetch (undici) opens a spare idle connection next to a
  // streaming one, which would hold up closing the server.
  const { request, response } = await new Promise<{
    request: http.ClientRequest;
    response: http.IncomingMessage;
  }>((resolve, reject) => {
    const req = http.get(
      url,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...extraHeaders,
        },
      },
      (res) => resolve({ request: req, response: res }),
    );
    req.on('error', reject);
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));

  let buffer = '';
  let lastId: string | undefined;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let split: number;
    while ((split = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trim());
        else if (line.startsWith('id:')) id = lastId = line.slice(3).trim();
      }
      if (data.length > 0) {
        events.push({
          event,
          data: JSON.parse(data.join('\n')),
          ...(id === undefined ? {} : { id }),
        });
      }
      notify();
    }
  });
  const finish = () => {
    endedResolve();
    notify();
  };
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', finish);

  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }

  return {
    status: response.statusCode ?? 0,
    headers,
    events,
    comments,
    lastEventId: () => lastId,
    ended,
    close: () => request.destroy(),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            cleanup();
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
