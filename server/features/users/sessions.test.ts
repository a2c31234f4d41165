import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, apiErrors, notices } from '../../../shared/messages.ts';
import { auditLog, patients, sessions, users } from '../../db/schema/index.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, SESSION_COOKIE } from '../../auth/sessions.ts';
import { trustHops } from '../../config.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_GLOBAL,
  MAX_FAILURES_PER_ADDRESS,
} from './login-throttle.ts';

const MINUTE = 60 * 1000;

function sessionCookieOf(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.find((c: string) => c.startsWith(`${SESSION_COOKIE}=`));
}

describe('login, logout and the session', () => {
  let t: TestApp;
  const login = (username: string, password = TEST_PASSWORD, remoteAddress?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        ...(remoteAddress ? { remoteAddress } : {}),
      })
      .then((r) => ({ status: r.statusCode, json: r.json(), headers: r.headers }));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('login answers role, message and a token and sets an httpOnly SameSite=Strict cookie', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', now: t.clock.now() });
    const res = await login(doctor.username);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      role: 'doctor',
      message: accountMessages.loginSuccess,
      token: expect.any(String),
    });
    const cookie = sessionCookieOf(res.headers);
    expect(cookie).toContain(`${SESSION_COOKIE}=${res.json.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const me = await call(t.app, 'GET', '/api/users/me', { token: res.json.token });
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(doctor.username);
  });

  it('every login creates a new session token, stored only as a hash', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const first = await login(doctor.username);
    const second = await login(doctor.username);
    expect(first.json.token).not.toBe(second.json.token);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, doctor.id));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.tokenHash).not.toBe(first.json.token);
  });

  it('the username is matched case-insensitively', async () => {
    const doctor = await createUser(t.app.db, { username: 'CaseDoctor', now: t.clock.now() });
    const res = await login('casedoctor');
    expect(res.status).toBe(200);
    expect(res.json.role).toBe(doctor.role);
  });

  it('a legacy role "user" is answered as stored, and /me reports it as patient', async () => {
    const legacy = await createUser(t.app.db, {
      role: 'user',
      privileges: 'viewer',
      now: t.clock.now(),
    });
    const res = await login(legacy.username);
    expect(res.status).toBe(200);
    expect(res.json.role).toBe('user');
    const me = await call(t.app, 'GET', '/api/users/me', { token: res.json.token });
    expect(me.json.role).toBe('patient');
  });

  it('unknown user, wrong password and deactivated account fail the same way', async () => {
    const active = await createUser(t.app.db, { now: t.clock.now() });
    const inactive = await createUser(t.app.db, { isActive: false, now: t.clock.now() });
    const answers = await Promise.all([
      login('nobody-by-this-name', TEST_PASSWORD, '10.1.0.1'),
      login(active.username, 'wrong-password-here', '10.1.0.2'),
      login(inactive.username, TEST_PASSWORD, '10.1.0.3'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: notices.loginFailed });
      expect(sessionCookieOf(res.headers)).toBeUndefined();
    }
  });

  it('a failed login leaves an audit row without the username or password', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    await login(doctor.username, 'not-the-password', '10.2.0.1');
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'login-failed'));
    const row = rows.find((r) => r.entityId === String(doctor.id));
    expect(row).toBeDefined();
    expect(row!.outcome).toBe('failure');
    expect(JSON.stringify(rows)).not.toContain(doctor.username);
    expect(JSON.stringify(rows)).not.toContain('not-the-password');
  });

  it('missing fields answer 400 with the field messages; malformed JSON is 400, not 500', async () => {
    const empty = await call(t.app, 'POST', '/api/users/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toMatchObject({ username: 'Username is required' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('the token stops working right after logout, and the cookie is cleared', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const { json } = await login(doctor.username);
    const out = await call(t.app, 'POST', '/api/users/logout', { token: json.token });
    expect(out.status).toBe(200);
    expect(sessionCookieOf(out.headers)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    const after = await call(t.app, 'GET', '/api/users/me', { token: json.token });
    expect(after.status).toBe(401);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(audit.some((r) => r.userId === doctor.id)).toBe(true);
  });

  it('logout ends only that session', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const a = await login(doctor.username);
    const b = await login(doctor.username);
    await call(t.app, 'POST', '/api/users/logout', { token: a.json.token });
    expect((await call(t.app, 'GET', '/api/users/me', { token: b.json.token })).status).toBe(200);
  });

  it('without a session /me answers 401', async () => {
    const res = await call(t.app, 'GET', '/api/users/me');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: apiErrors.unauthorized });
  });

  it('/me reports effective role, privileges, request, linked patient and default settings', async () => {
    const caregiver = await createUser(t.app.db, {
      role: 'caregiver',
      privileges: 'editor',
      now: t.clock.now(),
    });
    const me = await call(t.app, 'GET', '/api/users/me', { token: caregiver.token });
    expect(me.json).toMatchObject({
      id: caregiver.id,
      role: 'caregiver',
      privileges: 'editor',
      requestedPrivileges: null,
      patientId: null,
      settings: {
        darkMode: false,
        fontSize: 18,
        notificationsEnabled: true,
        temperatureUnit: 'C',
        glucoseUnit: 'mmol/L',
      },
    });
    expect(me.json).not.toHaveProperty('passwordHash');

    const patientUser = await createUser(t.app.db, {
      role: 'patient',
      privileges: 'viewer',
      now: t.clock.now(),
    });
    const deleted = await createPatient(t.app.db, { account: patientUser });
    await t.app.db
      .update(patients)
      .set({ deletedAt: t.clock.now() })
      .where(eq(patients.id, deleted.id));
    const record = await createPatient(t.app.db, { account: patientUser });
    const patientMe = await call(t.app, 'GET', '/api/users/me', { token: patientUser.token });
    expect(patientMe.json).toMatchObject({
      role: 'patient',
      privileges: 'viewer',
      patientId: record.id,
      settings: { fontSize: 16 },
    });
  });

  it('the account calls are described in the OpenAPI document', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/register',
        '/api/users/login',
        '/api/users/logout',
        '/api/users/me',
        '/api/users/me/password',
        '/api/users/me/settings',
        '/api/users/username/{username}',
        '/api/users',
        '/api/users/{id}',
      ]),
    );
  });

  it('an unknown stored role is a guest with no permissions', async () => {
    const odd = await createUser(t.app.db, { role: 'janitor', now: t.clock.now() });
    const me = await call(t.app, 'GET', '/api/users/me', { token: odd.token });
    expect(me.json.role).toBe('guest');
    const settings = await call(t.app, 'GET', '/api/users/me/settings', { token: odd.token });
    expect(settings.status).toBe(403);
  });
});

describe('session expiry (controllable clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loginNow = async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const res = await call(t.app, 'POST', '/api/users/login', {
      body: { username: user.username, password: TEST_PASSWORD },
    });
    return res.json.token as string;
  };

  it('a session used within 30 minutes stays alive', async () => {
    const token = await loginNow();
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(25 * MINUTE);
      expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(200);
    }
  });

  it('a session idle for more than 30 minutes expires, and the 401 says so', async () => {
    const token = await loginNow();
    t.clock.advance(IDLE_TIMEOUT_MS + MINUTE);
    const res = await call(t.app, 'GET', '/api/users/me', { token });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(accountMessages.sessionExpired);
    // It stays ended even if the clock were to move back.
    t.clock.advance(-(IDLE_TIMEOUT_MS + MINUTE));
    expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(401);
    t.clock.advance(IDLE_TIMEOUT_MS + MINUTE);
  });

  it('a session ends after 12 hours even when in constant use', async () => {
    const token = await loginNow();
    const start = t.clock.now().getTime();
    while (t.clock.now().getTime() + 20 * MINUTE < start + ABSOLUTE_TIMEOUT_MS) {
      t.clock.advance(20 * MINUTE);
      expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(200);
    }
    t.clock.set(new Date(start + ABSOLUTE_TIMEOUT_MS));
    const res = await call(t.app, 'GET', '/api/users/me', { token });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(accountMessages.sessionExpired);
  });
});

describe('CSRF defence for cookie-authenticated writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a cookie write without X-Requested-With is refused; with it, or with Bearer, it works', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const body = { darkMode: true };
    const bare = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: { cookie },
      payload: body,
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe(apiErrors.csrf);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.darkMode).toBe(false);

    const marked = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: { cookie, 'x-requested-with': 'ElderCare' },
      payload: body,
    });
    expect(marked.statusCode).toBe(200);

    const bearer = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: user.token,
      body: { darkMode: false },
    });
    expect(bearer.status).toBe(200);
  });

  it('a cookie read needs no header', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${user.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('failed-login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, remoteAddress: string, xff?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
      .then((r) => ({ status: r.statusCode, json: r.json(), headers: r.headers }));

  it('past the account limit, that username answers 429 even with the right password, while another account still logs in', async () => {
    const victim = await createUser(t.app.db, { now: t.clock.now() });
    const other = await createUser(t.app.db, { now: t.clock.now() });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_GLOBAL; i += 1) {
      // Spread over addresses so only the account's global limit applies.
      const res = await attempt(victim.username, `wrong-${i}`, `10.10.0.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const blocked = await attempt(victim.username, TEST_PASSWORD, '10.10.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: apiErrors.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Case does not dodge it.
    expect((await attempt(victim.username.toUpperCase(), TEST_PASSWORD, '10.10.1.2')).status).toBe(
      429,
    );

    const fine = await attempt(other.username, TEST_PASSWORD, '10.10.2.1');
    expect(fine.status).toBe(200);

    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await attempt(victim.username, TEST_PASSWORD, '10.10.1.1')).status).toBe(200);
  });

  it('a successful login clears that username’s failures', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i += 1) {
        expect((await attempt(user.username, 'wrong-one', '10.11.0.1')).status).toBe(401);
      }
      expect((await attempt(user.username, TEST_PASSWORD, '10.11.0.1')).status).toBe(200);
    }
  });

  it('unknown usernames are throttled too (no hint that they do not exist)', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_GLOBAL; i += 1) {
      await attempt('ghost-user', 'whatever-pass', `10.12.0.${i + 1}`);
    }
    expect((await attempt('ghost-user', 'whatever-pass', '10.12.1.1')).status).toBe(429);
  });

  it('past the address limit, that address answers 429 whatever X-Forwarded-For claims; other addresses log in', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) {
      const res = await attempt(`sprayed-${i}`, 'guess-guess', '10.20.0.1', `203.0.113.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const forged = await attempt(user.username, TEST_PASSWORD, '10.20.0.1', '198.51.100.7');
    expect(forged.status).toBe(429);
    const elsewhere = await attempt(user.username, TEST_PASSWORD, '10.20.0.2');
    expect(elsewhere.status).toBe(200);
  });
});

describe('failed-login throttling behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: trustHops(1) } });
  });
  afterAll(() => t.close());

  it('with TRUST_PROXY the client address comes from X-Forwarded-For', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const attempt = (username: string, password: string, xff: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': xff },
      });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) {
      expect((await attempt(`spray-${i}`, 'guess-guess', '203.0.113.9')).statusCode).toBe(401);
    }
    expect((await attempt(user.username, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await attempt(user.username, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(200);
  });
});
