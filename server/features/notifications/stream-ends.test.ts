import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS } from '../../auth/sessions.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from '../../test/sse.ts';

/** Resolves true when the stream ends within `ms`, false otherwise. */
const endsWithin = (client: SseClient, ms: number) =>
  Promise.race([
    client.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a live stream ends at once with its session', () => {
  let t: TestApp;
  let base: string;
  const open: SseClient[] = [];
  beforeAll(async () => {
    // The heartbeat (which also ends streams of dead sessions) is far off: only the session's
    // end may close the stream within the second the tests allow.
    t = await createTestApp({ config: { streamHeartbeatMs: 60_000 } });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  const stream = async (token: string) => {
    const client = await openEventStream(`${base}/api/notifications/stream`, token);
    open.push(client);
    expect(client.status).toBe(200);
    return client;
  };

  it('logout closes the stream opened with that session within a second', async () => {
    const user = await createUser(t.app.db, { role: 'patient', now: t.clock.now() });
    const client = await stream(user.token);
    const res = await call(t.app, 'POST', '/api/users/logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(await endsWithin(client, 1000)).toBe(true);
  });

  it('logout leaves the streams of the user’s other sessions open', async () => {
    const user = await createUser(t.app.db, { role: 'patient', now: t.clock.now() });
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    const other = await stream(login.json.token as string);
    const client = await stream(user.token);
    await call(t.app, 'POST', '/api/users/logout', { token: user.token });
    expect(await endsWithin(client, 1000)).toBe(true);
    expect(await endsWithin(other, 300)).toBe(false);
  });

  it('deactivation by an admin closes the user’s streams within a second', async () => {
    const admin = await createUser(t.app.db, { privileges: 'admin', now: t.clock.now() });
    const user = await createUser(t.app.db, { role: 'caregiver', now: t.clock.now() });
    const client = await stream(user.token);
    const res = await call(t.app, 'PATCH', `/api/users/${user.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect(await endsWithin(client, 1000)).toBe(true);
  });

  it('a password change closes the streams of the other sessions, not this one', async () => {
    const user = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    const elsewhere = await stream(user.token);
    const here = await stream(login.json.token as string);
    const res = await call(t.app, 'PUT', '/api/users/me/password', {
      token: login.json.token as string,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(res.status).toBe(200);
    expect(await endsWithin(elsewhere, 1000)).toBe(true);
    expect(await endsWithin(here, 300)).toBe(false);
  });

  it('a session found expired on its next request closes its stream within a second', async () => {
    const user = await createUser(t.app.db, { role: 'patient', now: t.clock.now() });
    const client = await stream(user.token);
    t.clock.advance(IDLE_TIMEOUT_MS + 1000);
    const res = await call(t.app, 'GET', '/api/users/me', { token: user.token });
    expect(res.status).toBe(401);
    expect(await endsWithin(client, 1000)).toBe(true);
  });
});
