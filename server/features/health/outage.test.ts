import net from 'node:net';
import { eq, gt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../../shared/messages.ts';
import { schema } from '../../db/client.ts';
import { auditLog, notifications, patients } from '../../db/schema/index.ts';
import { call, createTestApp, usingPostgres, type TestApp } from '../../test/app.ts';
import { createUser, validPatientInput, type TestUser } from '../../test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from '../../test/sse.ts';

if (!usingPostgres()) {
  console.log(
    'outage.test.ts: runs only on PostgreSQL (npm run test:pg with TEST_DATABASE_URL set); skipped.',
  );
}

/**
 * A TCP proxy between the app and PostgreSQL that the test can cut (every connection dropped,
 * new ones refused) and restore on the same port. `trap` cuts it the moment the app sends a
 * statement containing the given text, or runs one it prepared with that text: the database
 * vanishes in the middle of a transaction.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let trap: string | null = null;
  /** The named statements the app prepared (named-statements.ts): name to text. */
  const prepared = new Map<string, string>();
  const sendsPrepared = (data: string, text: string) =>
    [...prepared].some(([name, query]) => query.includes(text) && data.includes(name));
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.on('data', (chunk: Buffer) => {
          const data = chunk.toString('latin1');
          // A statement the connection prepared before travels by its name alone.
          for (const [, name, query] of data.matchAll(/(s_[0-9a-f]{24})\0([^\0]*)\0/g)) {
            if (!prepared.has(name!)) prepared.set(name!, query!);
          }
          if (trap && (data.includes(trap) || sendsPrepared(data, trap))) {
            trap = null;
            void cut();
            return;
          }
          upstream.write(chunk);
        });
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();
  return {
    port: () => port,
    cut,
    restore: listen,
    trapOn(text: string) {
      trap = text;
    },
  };
}

describe.skipIf(!usingPostgres())('a database outage', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let direct: pg.Pool;
  let doctor: TestUser;
  let base: string;
  let stream: SseClient | undefined;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    let databaseUrl = '';
    t = await createTestApp({
      route: (url) => {
        databaseUrl = url.toString();
        const routed = new URL(url);
        routed.hostname = '127.0.0.1';
        routed.port = String(proxy.port());
        return routed;
      },
    });
    // The test's own way in, around the proxy: to write while the app cannot.
    direct = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    // Dropping the test's database at the end ends this connection too, perhaps as it closes.
    direct.on('error', () => {});
    direct.on('connect', (client) => client.on('error', () => {}));
    doctor = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    stream?.close();
    await proxy?.restore().catch(() => {});
    await direct?.end();
    await t?.close();
  });

  it('answers 503 with Retry-After while the database is away, and 200 again once it is back', async () => {
    expect((await call(t.app, 'GET', '/api/patients', { token: doctor.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/health')).json).toMatchObject({
      status: 'ok',
      databaseUp: true,
      ready: true,
    });
    // The session cache serves only while the database listener hears every announcement.
    expect(t.app.listener.live).toBe(true);
    expect(t.app.sessionCache.live).toBe(true);
    stream = await openEventStream(`${base}/api/notifications/stream`, doctor.token);
    await expect.poll(() => stream!.lastEventId()).toBeDefined();
    const [mark] = await direct
      .query<{ id: string | null }>('select max(id) as id from audit_log')
      .then((result) => result.rows);
    const auditMark = Number(mark?.id ?? 0);

    // The database goes away in the middle of adding a patient: after the patient's row,
    // as its audit row is sent.
    proxy.trapOn('insert into "audit_log"');
    const write = await call(t.app, 'POST', '/api/patients', {
      token: doctor.token,
      body: { ...validPatientInput(), firstName: 'Outage', lastName: 'Halfway' },
    });
    expect(write.status).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    expect(write.json).toEqual({ message: apiErrors.unavailable });

    // The listener's connection went with the rest: the cache stops serving at once.
    await expect.poll(() => t.app.listener.live).toBe(false);
    expect(t.app.sessionCache.live).toBe(false);
    expect(t.app.sessionCache.size).toBe(0);

    const list = await call(t.app, 'GET', '/api/patients', { token: doctor.token });
    expect(list.status).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.json).toEqual({ message: apiErrors.unavailable });

    // Health answers for the database, with or without a session, within its bound.
    for (const token of [undefined, doctor.token]) {
      const health = await call(t.app, 'GET', '/api/health', token ? { token } : {});
      expect(health.status).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json).toEqual({
        status: 'unavailable',
        database: 'postgres',
        databaseUp: false,
        ready: false,
        message: apiErrors.unavailable,
      });
    }

    // A notification committed while the app's listener is cut off is replayed once it is back.
    // (Its NOTIFY reaches no listener of this app: only the table can tell it.)
    const [missed] = await drizzle({ client: direct, schema, casing: 'snake_case' })
      .insert(notifications)
      .values({
        userId: doctor.id,
        message: 'Written during the outage',
        kind: 'system',
        createdAt: new Date(),
      })
      .returning({ id: notifications.id });
    await proxy.restore();

    const replayed = await stream.next((e) => e.event === 'notification', 8000);
    expect(replayed).toMatchObject({
      id: String(missed!.id),
      data: { id: missed!.id, message: 'Written during the outage' },
    });
    expect(stream.events.filter((e) => e.event === 'resync')).toEqual([]);
    expect(t.app.listener.live).toBe(true);
    expect(t.app.sessionCache.live).toBe(true);

    expect((await call(t.app, 'GET', '/api/patients', { token: doctor.token })).status).toBe(200);
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({
      status: 'ok',
      database: 'postgres',
      databaseUp: true,
      ready: true,
    });

    // The interrupted change left nothing: no patient, no audit row of it.
    const halfway = await t.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.lastName, 'Halfway'));
    expect(halfway).toEqual([]);
    // Since the outage began, only the list read after it was audited.
    const audited = await t.app.db
      .select({ action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
      .where(gt(auditLog.id, auditMark));
    expect(audited).toEqual([{ action: 'list', entity: 'patient' }]);
  });
});
