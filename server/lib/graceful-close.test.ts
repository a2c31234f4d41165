import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { closeGracefully } from './graceful-close.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** GET on a given agent (keep-alive sockets are reused), as a promise. */
function get(port: number, agent: http.Agent, path = '/api/health'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

const openSockets = (agent: http.Agent) =>
  Object.values(agent.freeSockets).reduce((sum, list) => sum + (list?.length ?? 0), 0);

describe('closing the server gracefully', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.database.close());

  it('answers requests on open connections (not 503), refuses new ones, closes idle ones cleanly', async () => {
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Two keep-alive connections, each answered once and now waiting in its agent's pool.
    expect((await get(port, busy)).status).toBe(200);
    expect((await get(port, idle)).status).toBe(200);
    expect(openSockets(busy)).toBe(1);
    expect(openSockets(idle)).toBe(1);
    const [idleSocket] = Object.values(idle.freeSockets)[0]!;
    const idleEnd = new Promise<{ hadError: boolean }>((resolve) =>
      idleSocket!.once('close', (hadError) => resolve({ hadError })),
    );
    const idleErrors: string[] = [];
    idleSocket!.on('error', (error) => idleErrors.push(String(error)));

    const started = Date.now();
    const closed = closeGracefully(t.app, { idleAfterMs: 400, graceMs: 5_000 });

    // A request on the open connection right after the close began is answered, and told that
    // the connection closes after it.
    const during = await get(port, busy);
    expect(during).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(during.body)).toMatchObject({ status: 'ok' });

    // A new connection is refused: the server no longer listens.
    const fresh = new http.Agent({ keepAlive: false });
    await expect(get(port, fresh)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The idle connection is closed by the server between requests: no error on the client.
    expect(await idleEnd).toEqual({ hadError: false });
    expect(idleErrors).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);

    await closed;
    busy.destroy();
    idle.destroy();
  });
});
