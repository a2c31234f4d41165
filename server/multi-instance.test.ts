import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { SessionCache } from './auth/session-cache.ts';
import type { SessionUser } from './auth/sessions.ts';
import { openPostgres, type Database } from './db/client.ts';
import { auditLog, patients } from './db/schema/index.ts';
import { trustHops } from './config.ts';
import { ManualClock } from './lib/clock.ts';
import { openTestDatabase, testConfig, usingPostgres } from './test/app.ts';
import { createUser, TEST_PASSWORD, validPatientInput } from './test/factories.ts';
import { listenLocally } from './test/sse.ts';

if (!usingPostgres()) {
  console.log(
    'multi-instance.test.ts: runs only on PostgreSQL (npm run test:pg with TEST_DATABASE_URL set); skipped.',
  );
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A small reverse proxy, as a deployment puts in front of several instances: each request goes
 * to the next live instance in turn (round robin); an instance that refuses a connection is
 * taken out and the request is not retried (the client sees 502, so it knows the write was not
 * acknowledged). Each answer says which instance gave it (`x-instance`).
 */
function startProxy(targets: { name: string; port: number }[]) {
  const live = [...targets];
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = live[next++ % live.length];
    if (!target) {
      response.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-for': '127.0.0.1' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-instance': target.name,
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') live.splice(live.indexOf(target), 1);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

async function send(url: string, method: string, token?: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      connection: 'close',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    instance: response.headers.get('x-instance'),
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const direct = async (app: App, url: string, token: string) =>
  (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
    .statusCode;

/**
 * Waits until `app` answers `url` with `status`: an instance that did not end a session learns
 * of it from PostgreSQL's announcement, a few milliseconds after the commit. Fails after 2 s.
 */
async function untilStatus(app: App, url: string, token: string, status: number) {
  const deadline = Date.now() + 2000;
  let last = await direct(app, url, token);
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = await direct(app, url, token);
  }
  expect(last).toBe(status);
}

describe.skipIf(!usingPostgres())('two instances behind a reverse proxy', () => {
  let databaseA: Database;
  let databaseB: Database;
  let appA: App;
  let appB: App;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const clock = new ManualClock('2026-01-15T09:00:00.000Z');

  beforeAll(async () => {
    databaseA = await openTestDatabase();
    databaseB = await openPostgres(databaseA.pool!.options.connectionString!, { max: 5 });
    // One proxy hop: the client's address is the one the proxy saw.
    const options = {
      config: { ...testConfig, trustProxy: trustHops(1) },
      clock,
      clientRoot: '/nonexistent-client',
    };
    appA = await buildApp({ ...options, database: databaseA });
    // B learns of sessions ended on A only from the database's announcements, as a second
    // machine would (in one process, ends started here would reach its cache directly).
    appB = await buildApp({
      ...options,
      database: databaseB,
      sessionCache: new SessionCache<SessionUser>({ hearsThisProcess: false }),
    });
    const port = async (app: App) => Number(new URL(await listenLocally(app)).port);
    proxy = await startProxy([
      { name: 'a', port: await port(appA) },
      { name: 'b', port: await port(appB) },
    ]);
  });
  afterAll(async () => {
    await proxy?.close();
    await appA?.close().catch(() => {});
    await appB?.close();
    await databaseB?.close();
    await databaseA?.close();
  });

  it('a session made on one instance works on both; a logout on one ends it on both', async () => {
    const doctor = await createUser(databaseA.db, { role: 'doctor', privileges: 'editor' });
    const login = await send(`${proxy.url}/api/users/login`, 'POST', undefined, {
      username: doctor.username,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = login.json!.token as string;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(`${proxy.url}/api/patients`, 'GET', token)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['a', 'b']));

    const logout = await send(`${proxy.url}/api/users/logout`, 'POST', token);
    expect(logout.status).toBeLessThan(300);
    // The instance that did not end it hears of it from the database's announcement.
    await untilStatus(appA, '/api/patients', token, 401);
    await untilStatus(appB, '/api/patients', token, 401);
    const after = await Promise.all(
      Array.from({ length: 4 }, () => send(`${proxy.url}/api/patients`, 'GET', token)),
    );
    expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(new Set(after.map((a) => a.instance))).toEqual(new Set(['a', 'b']));
  });

  it('agency settings saved on one instance reach the other’s cached copy when announced', async () => {
    const admin = await createUser(databaseA.db, { role: 'doctor', privileges: 'admin' });
    const zoneOn = async (app: App) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/agency-settings',
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json().timeZone as string;
    // B reads (and keeps) the settings; A saves new ones.
    const before = await zoneOn(appB);
    expect(before).not.toBe('Pacific/Auckland');
    const saved = await appA.inject({
      method: 'PUT',
      url: '/api/agency-settings',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { timeZone: 'Pacific/Auckland', doseWindowMinutes: 60, doseMissedAfterMinutes: 240 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await zoneOn(appA)).toBe('Pacific/Auckland');
    const deadline = Date.now() + 2000;
    let seen = await zoneOn(appB);
    while (seen !== 'Pacific/Auckland' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await zoneOn(appB);
    }
    expect(seen).toBe('Pacific/Auckland');
  });

  it('a session cached on each instance ends on both as soon as the end is announced', async () => {
    const admin = await createUser(databaseA.db, { role: 'doctor', privileges: 'admin' });
    const doctor = await createUser(databaseA.db, { role: 'doctor', privileges: 'admin' });
    // Both instances resolve (and cache) the doctor's session.
    expect(await direct(appA, '/api/users', doctor.token)).toBe(200);
    expect(await direct(appB, '/api/users', doctor.token)).toBe(200);
    expect(appB.sessionCache.size).toBeGreaterThan(0);

    // A demotes the doctor: B's next request already acts with the new privilege.
    const demoted = await appA.inject({
      method: 'PATCH',
      url: `/api/users/${doctor.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { privileges: 'editor' },
    });
    expect(demoted.statusCode).toBe(200);
    await untilStatus(appB, '/api/users', doctor.token, 403);
    expect(await direct(appB, '/api/users/me', doctor.token)).toBe(200);

    // A deactivates the doctor: B refuses the session at its next request.
    const off = await appA.inject({
      method: 'PATCH',
      url: `/api/users/${doctor.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    await untilStatus(appB, '/api/users/me', doctor.token, 401);
  });

  it('killing one instance during a stream of writes loses no acknowledged write or its audit row', async () => {
    const doctor = await createUser(databaseA.db, { role: 'doctor', privileges: 'editor' });
    const acknowledged: number[] = [];
    const refused: number[] = [];
    let written = 0;
    const writer = async () => {
      while (written < 60) {
        written += 1;
        const answer = await send(`${proxy.url}/api/patients`, 'POST', doctor.token, {
          ...validPatientInput(),
          firstName: 'Stream',
          lastName: `Write${written}`,
        }).catch(() => ({ status: 0, json: null, instance: null }));
        if (answer.status === 201) acknowledged.push(answer.json!.id as number);
        else refused.push(answer.status);
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    // Instance A dies part way: its open connections are cut, as a crash cuts them.
    while (written < 15) await new Promise((resolve) => setTimeout(resolve, 5));
    appA.server.closeAllConnections();
    await appA.close();
    await writers;

    expect(acknowledged.length).toBeGreaterThan(30);
    // Every write that was answered 201 is stored, with its audit row; no other answer was a
    // success that did not count.
    const stored = await databaseB.db
      .select({ id: patients.id })
      .from(patients)
      .where(inArray(patients.id, acknowledged));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [...acknowledged].sort((a, b) => a - b),
    );
    const audited = await databaseB.db
      .select({ patientId: auditLog.patientId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'create'),
          eq(auditLog.entity, 'patient'),
          inArray(auditLog.patientId, acknowledged),
        ),
      );
    expect(new Set(audited.map((row) => row.patientId)).size).toBe(acknowledged.length);
    expect(refused.every((status) => [0, 502, 503].includes(status))).toBe(true);
    // The surviving instance serves everything afterwards.
    const later = await send(`${proxy.url}/api/patients?limit=1`, 'GET', doctor.token);
    expect(later).toMatchObject({ status: 200, instance: 'b' });
  });
});
