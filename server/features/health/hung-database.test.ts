import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../../shared/messages.ts';
import { buildApp } from '../../app.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, openPostgres, type Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';
import { ManualClock } from '../../lib/clock.ts';
import { call, openTestDatabase, testConfig, usingPostgres } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

if (!usingPostgres()) {
  console.log(
    'hung-database.test.ts: runs only on PostgreSQL (npm run test:pg with TEST_DATABASE_URL set); skipped.',
  );
}

/**
 * A TCP proxy in front of PostgreSQL that can go silent: it still takes connections, and keeps
 * those it has, but passes nothing on either way, as a database host that hangs does.
 */
async function startSilenceableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    if (silent) return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    upstream.on('close', () => {
      sockets.delete(upstream);
      drop();
    });
    client.on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!silent) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Goes silent; `cut` also drops the connections open now (the pool must open new ones). */
    hang(options: { cut: boolean }) {
      silent = true;
      if (options.cut) cutAll();
    },
    restore() {
      cutAll();
      silent = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}

const STATEMENT_TIMEOUT_MS = 1000;

describe.skipIf(!usingPostgres())('a database that takes connections but never answers', () => {
  let direct: Database;
  let routed: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let proxy: Awaited<ReturnType<typeof startSilenceableProxy>>;
  let doctor: TestUser;

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = new URL(direct.pool!.options.connectionString!);
    proxy = await startSilenceableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // The default connect timeout; a short statement timeout so the pooled-connection case
    // stays quick (its query timeout is this plus QUERY_TIMEOUT_MARGIN_MS).
    routed = await openPostgres(url.toString(), {
      max: 5,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    app = await buildApp({
      config: testConfig,
      database: routed,
      clock: new ManualClock(),
      clientRoot: '/nonexistent-client',
    });
    doctor = await createUser(direct.db, { role: 'doctor', privileges: 'editor' });
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await routed?.close();
    await proxy?.close();
    await direct?.close();
  });

  // Whatever a test left, the next starts on a database that answers.
  afterEach(async () => {
    proxy.restore();
    await expect
      .poll(async () => (await call(app, 'GET', '/api/patients', { token: doctor.token })).status, {
        timeout: 15_000,
      })
      .toBe(200);
  });

  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const answer = await run();
    return { answer, ms: performance.now() - started };
  };

  it('a new connection times out: the request answers 503 with Retry-After within about 6 s, and health says down', async () => {
    expect((await call(app, 'GET', '/api/patients', { token: doctor.token })).status).toBe(200);
    proxy.hang({ cut: true });
    // The pool notices its connections were dropped; the next request must open one.
    await expect.poll(() => routed.pool!.totalCount).toBe(0);

    const { answer, ms } = await timed(() =>
      call(app, 'GET', '/api/patients', { token: doctor.token }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json).toEqual({ message: apiErrors.unavailable });
    expect(ms).toBeGreaterThanOrEqual(DEFAULT_CONNECT_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(6500);

    const health = await call(app, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ status: 'unavailable', databaseUp: false, ready: false });
  });

  it('a pooled connection that stops answering gives up past the statement timeout: 503', async () => {
    // Warm the pool, then go silent without dropping its connections.
    expect((await call(app, 'GET', '/api/patients', { token: doctor.token })).status).toBe(200);
    proxy.hang({ cut: false });

    const { answer, ms } = await timed(() =>
      call(app, 'GET', '/api/patients', { token: doctor.token }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 5000 + DEFAULT_CONNECT_TIMEOUT_MS + 1000);
  });

  it('a statement the database cancels at the statement timeout is not an outage', async () => {
    const error = await routed.db.execute(sql`select pg_sleep(3)`).then(
      () => null,
      (failure: unknown) => failure,
    );
    const cause = (error as { cause?: { code?: string } } | null)?.cause ?? error;
    expect((cause as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(false);
    // The pool is still healthy afterwards.
    expect((await call(app, 'GET', '/api/patients', { token: doctor.token })).status).toBe(200);
  });
});
