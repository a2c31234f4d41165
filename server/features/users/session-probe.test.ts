import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, SESSION_COOKIE } from '../../auth/sessions.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

/**
 * GET /api/session is what the app asks on every page load: a guest is an expected state, so it
 * answers 200 with `user: null` (no 401 in the browser's console or the server's log), and a
 * signed-in user gets exactly what /api/users/me answers.
 */
describe('GET /api/session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logIn = async (username: string) => {
    const res = await call(t.app, 'POST', '/api/users/login', {
      body: { username, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    return res.json.token as string;
  };

  it('answers a guest 200 with no user', async () => {
    const res = await call(t.app, 'GET', '/api/session');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: null });
    // /users/me keeps answering 401 to API callers without a session.
    expect((await call(t.app, 'GET', '/api/users/me')).status).toBe(401);
  });

  it('answers a signed-in user with what /users/me answers, by token and by cookie', async () => {
    const caregiver = await createUser(t.app.db, { role: 'caregiver', now: t.clock.now() });
    const token = await logIn(caregiver.username);
    const me = await call(t.app, 'GET', '/api/users/me', { token });
    const byToken = await call(t.app, 'GET', '/api/session', { token });
    expect(byToken.status).toBe(200);
    expect(byToken.json).toEqual({ user: me.json });
    expect(byToken.json.user.username).toBe(caregiver.username);
    const byCookie = await call(t.app, 'GET', '/api/session', {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(byCookie.json).toEqual({ user: me.json });
  });

  it('answers no user for a forged, logged-out or expired session, never 401', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    expect((await call(t.app, 'GET', '/api/session', { token: 'forged' })).json).toEqual({
      user: null,
    });

    const ended = await logIn(doctor.username);
    await call(t.app, 'POST', '/api/users/logout', { token: ended });
    const afterLogout = await call(t.app, 'GET', '/api/session', { token: ended });
    expect(afterLogout.status).toBe(200);
    expect(afterLogout.json).toEqual({ user: null });

    const idle = await logIn(doctor.username);
    t.clock.advance(IDLE_TIMEOUT_MS + 60_000);
    try {
      const expired = await call(t.app, 'GET', '/api/session', { token: idle });
      expect(expired.status).toBe(200);
      expect(expired.json).toEqual({ user: null });
    } finally {
      t.clock.advance(-(IDLE_TIMEOUT_MS + 60_000));
    }
  });

  it('is not held to the per-address limit of anonymous calls', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { signUpsPerHour: 20, loginsPerMinute: 60, publicPerMinute: 2 } },
    });
    try {
      const answers = [];
      for (let i = 0; i < 5; i += 1)
        answers.push((await call(limited.app, 'GET', '/api/session')).status);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      // The health check, an anonymous call with the default limit, is refused past it.
      const health = [];
      for (let i = 0; i < 3; i += 1)
        health.push((await call(limited.app, 'GET', '/api/health')).status);
      expect(health).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
