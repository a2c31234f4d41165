import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, twoFactorTexts } from '../../../shared/messages.ts';
import { SESSION_COOKIE } from '../../auth/sessions.ts';
import {
  accountTokens,
  agencySettings,
  auditLog,
  recoveryCodes,
  users,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { LOGIN_FAILURE_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT } from './login-throttle.ts';
import { writeAgencySettings } from '../../test/agency-settings.ts';

const STEP_MS = 30_000;

describe('two-factor sign-in', () => {
  let t: TestApp;
  let address = 0;
  // Each test logs in from its own address, so the per-address throttle of one never meets another.
  const nextAddress = () => `10.20.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const codeAt = (secret: string, at: Date) =>
    generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
  const codeNow = (secret: string) => codeAt(secret, t.clock.now());

  const post = (url: string, payload: unknown, remoteAddress: string, token?: string) =>
    t.app
      .inject({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      })
      .then((r) => ({ status: r.statusCode, json: r.json(), headers: r.headers }));

  /** A user with two-factor on: its secret and recovery codes. */
  async function withTwoFactor(options: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, { now: t.clock.now(), ...options });
    const setup = await call(t.app, 'POST', '/api/users/me/two-factor/setup', {
      token: user.token,
    });
    expect(setup.status).toBe(200);
    const secret: string = setup.json.secret;
    const enable = await call(t.app, 'POST', '/api/users/me/two-factor/enable', {
      token: user.token,
      body: { code: codeNow(secret) },
    });
    expect(enable.status).toBe(200);
    // The next code must be of a later step than the one that turned it on.
    t.clock.advance(STEP_MS);
    return { user, secret, codes: enable.json.recoveryCodes as string[] };
  }

  async function passwordStep(user: TestUser, ip: string) {
    const res = await post(
      '/api/users/login',
      { username: user.username, password: TEST_PASSWORD },
      ip,
    );
    expect(res.status).toBe(200);
    return res;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('setup answers a base32 secret, an otpauth link and a PNG QR code; nothing is on yet', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const res = await call(t.app, 'POST', '/api/users/me/two-factor/setup', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(res.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\/ElderCare:.*secret=/);
    expect(res.json.otpauthUrl).toContain(`secret=${res.json.secret}`);
    expect(res.json.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toBe(res.json.secret);
    expect(row!.totpEnabledAt).toBeNull();
    const status = await call(t.app, 'GET', '/api/users/me/two-factor', { token: user.token });
    expect(status.json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Not on yet: the login answer is the seed's.
    const login = await passwordStep(user, nextAddress());
    expect(login.json).toEqual({
      role: user.role,
      message: accountMessages.loginSuccess,
      token: expect.any(String),
    });
  });

  it('a wrong first code answers 400 and turns nothing on; a right one answers 10 recovery codes once', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const setup = await call(t.app, 'POST', '/api/users/me/two-factor/setup', {
      token: user.token,
    });
    const secret = setup.json.secret as string;
    const wrong = await call(t.app, 'POST', '/api/users/me/two-factor/enable', {
      token: user.token,
      body: { code: codeAt(secret, new Date(t.clock.now().getTime() + 5 * STEP_MS)) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.code).toBe(twoFactorTexts.codeWrong);
    const badShape = await call(t.app, 'POST', '/api/users/me/two-factor/enable', {
      token: user.token,
      body: { code: '12ab' },
    });
    expect(badShape.status).toBe(400);
    expect(badShape.json.errors.code).toBe(twoFactorTexts.codeRequired);
    expect(
      (await t.app.db.select().from(users).where(eq(users.id, user.id)))[0]!.totpEnabledAt,
    ).toBeNull();

    // A code of the step before is still accepted (clock drift).
    const ok = await call(t.app, 'POST', '/api/users/me/two-factor/enable', {
      token: user.token,
      body: { code: codeAt(secret, new Date(t.clock.now().getTime() - STEP_MS)) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.recoveryCodes).toHaveLength(10);
    for (const code of ok.json.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.app.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(ok.json.recoveryCodes).not.toContain(row.codeHash);
    const status = await call(t.app, 'GET', '/api/users/me/two-factor', { token: user.token });
    expect(status.json).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const again = await call(t.app, 'POST', '/api/users/me/two-factor/setup', {
      token: user.token,
    });
    expect(again.status).toBe(409);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'two-factor-on')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('with two-factor on, the password answers a challenge and no session; the code step signs in', async () => {
    const { user, secret } = await withTwoFactor();
    const ip = nextAddress();
    const first = await passwordStep(user, ip);
    expect(first.json).toEqual({
      role: user.role,
      message: twoFactorTexts.enterCode,
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    const second = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codeNow(secret) },
      ip,
    );
    expect(second.status).toBe(200);
    expect(second.json).toEqual({
      role: user.role,
      message: accountMessages.loginSuccess,
      token: expect.any(String),
    });
    expect(String(second.headers['set-cookie'])).toContain(
      `${SESSION_COOKIE}=${second.json.token}`,
    );
    const me = await call(t.app, 'GET', '/api/users/me', { token: second.json.token });
    expect(me.status).toBe(200);
    // The challenge is spent.
    t.clock.advance(STEP_MS);
    const reused = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codeNow(secret) },
      ip,
    );
    expect(reused.status).toBe(401);
    expect(reused.json.message).toBe(twoFactorTexts.challengeInvalid);
  });

  it('a code of a step already used is refused (no replay), the next step works', async () => {
    const { user, secret } = await withTwoFactor();
    const ip = nextAddress();
    const code = codeNow(secret);
    const first = await passwordStep(user, ip);
    const ok = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code },
      ip,
    );
    expect(ok.status).toBe(200);
    const second = await passwordStep(user, ip);
    const replay = await post(
      '/api/users/login/two-factor',
      { challenge: second.json.challenge, code },
      ip,
    );
    expect(replay.status).toBe(401);
    expect(replay.json.message).toBe(twoFactorTexts.codeWrong);
    // The code of the step before the last used one is refused too (within the window).
    const earlier = await post(
      '/api/users/login/two-factor',
      {
        challenge: second.json.challenge,
        code: codeAt(secret, new Date(t.clock.now().getTime() - STEP_MS)),
      },
      ip,
    );
    expect(earlier.status).toBe(401);
    t.clock.advance(STEP_MS);
    const next = await post(
      '/api/users/login/two-factor',
      { challenge: second.json.challenge, code: codeNow(secret) },
      ip,
    );
    expect(next.status).toBe(200);
  });

  it('a recovery code signs in once, with or without its dash, and is counted as used', async () => {
    const { user, codes } = await withTwoFactor();
    const ip = nextAddress();
    const first = await passwordStep(user, ip);
    const ok = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codes[0]!.replace('-', '').toUpperCase() },
      ip,
    );
    expect(ok.status).toBe(200);
    const status = await call(t.app, 'GET', '/api/users/me/two-factor', { token: ok.json.token });
    expect(status.json).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    const second = await passwordStep(user, ip);
    const again = await post(
      '/api/users/login/two-factor',
      { challenge: second.json.challenge, code: codes[0] },
      ip,
    );
    expect(again.status).toBe(401);
    const other = await post(
      '/api/users/login/two-factor',
      { challenge: second.json.challenge, code: codes[1] },
      ip,
    );
    expect(other.status).toBe(200);
  });

  it('a forged, expired or malformed challenge answers 401 or 400 alike and starts no session', async () => {
    const { user, secret } = await withTwoFactor();
    const ip = nextAddress();
    const forged = await post(
      '/api/users/login/two-factor',
      { challenge: 'A'.repeat(43), code: codeNow(secret) },
      ip,
    );
    expect(forged.status).toBe(401);
    expect(forged.json.message).toBe(twoFactorTexts.challengeInvalid);
    const first = await passwordStep(user, ip);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codeNow(secret) },
      ip,
    );
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe(twoFactorTexts.challengeInvalid);
    const missing = await post('/api/users/login/two-factor', { code: '123456' }, ip);
    expect(missing.status).toBe(400);
    const [token] = await t.app.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'two-factor')));
    expect(token!.tokenHash).not.toBe(first.json.challenge);
  });

  it('wrong codes are throttled like wrong passwords (429 with Retry-After), and the password step does not reset the count', async () => {
    const { user, secret } = await withTwoFactor();
    const ip = nextAddress();
    const wrongCode = codeAt(secret, new Date(t.clock.now().getTime() + 10 * STEP_MS));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      // A right password between wrong codes must not clear the failures.
      const first = await passwordStep(user, ip);
      const res = await post(
        '/api/users/login/two-factor',
        { challenge: first.json.challenge, code: wrongCode },
        ip,
      );
      expect(res.status).toBe(401);
    }
    const blocked = await post(
      '/api/users/login',
      { username: user.username, password: TEST_PASSWORD },
      ip,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const failed = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'login-failed')));
    expect(failed.length).toBeGreaterThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const first = await passwordStep(user, ip);
    const ok = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codeNow(secret) },
      ip,
    );
    expect(ok.status).toBe(200);
  });

  it('a challenge whose code step is throttled answers 429 with Retry-After', async () => {
    const { user, secret } = await withTwoFactor();
    const ip = nextAddress();
    const first = await passwordStep(user, ip);
    const wrongCode = codeAt(secret, new Date(t.clock.now().getTime() + 10 * STEP_MS));
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await post(
        '/api/users/login/two-factor',
        { challenge: first.json.challenge, code: wrongCode },
        ip,
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(MAX_FAILURES_PER_ACCOUNT).fill(401), 429]);
  });

  it('turning off asks for the password, deletes the codes and restores the plain login', async () => {
    const { user } = await withTwoFactor();
    const wrong = await call(t.app, 'POST', '/api/users/me/two-factor/disable', {
      token: user.token,
      body: { password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.password).toBe(twoFactorTexts.passwordWrong);
    const ok = await call(t.app, 'POST', '/api/users/me/two-factor/disable', {
      token: user.token,
      body: { password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(
      await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    ).toEqual([]);
    const login = await passwordStep(user, nextAddress());
    expect(Object.keys(login.json).sort()).toEqual(['message', 'role', 'token']);
    const audit = await t.app.db
      .select({ action: auditLog.action, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'two-factor-off')));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'two-factor-off', outcome: 'failure' },
        { action: 'two-factor-off', outcome: 'success' },
      ]),
    );
  });

  it('new recovery codes replace the old set after the password', async () => {
    const { user, secret, codes } = await withTwoFactor();
    const wrong = await call(t.app, 'POST', '/api/users/me/two-factor/recovery-codes', {
      token: user.token,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    const res = await call(t.app, 'POST', '/api/users/me/two-factor/recovery-codes', {
      token: user.token,
      body: { password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.json.recoveryCodes).toHaveLength(10);
    const ip = nextAddress();
    const first = await passwordStep(user, ip);
    const old = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: codes[0] },
      ip,
    );
    expect(old.status).toBe(401);
    const fresh = await post(
      '/api/users/login/two-factor',
      { challenge: first.json.challenge, code: res.json.recoveryCodes[0] },
      ip,
    );
    expect(fresh.status).toBe(200);
    expect(secret).toBeTruthy();
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'recovery-codes')));
    expect(audit.some((row) => row.outcome === 'success')).toBe(true);
    for (const code of res.json.recoveryCodes) expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('an admin turns two-factor off for another account (audited); others may not', async () => {
    const admin = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'admin',
      now: t.clock.now(),
    });
    const editor = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'editor',
      now: t.clock.now(),
    });
    const { user } = await withTwoFactor();
    // The Users list says who has it on, so the screen offers the switch only to them.
    const listed = async () => {
      const list = await call(t.app, 'GET', `/api/users?q=${user.username}`, {
        token: admin.token,
      });
      expect(list.status).toBe(200);
      return (list.json as { id: number; twoFactorEnabled: boolean }[]).find(
        (row) => row.id === user.id,
      )?.twoFactorEnabled;
    };
    expect(await listed()).toBe(true);
    const refused = await call(t.app, 'POST', `/api/users/${user.id}/two-factor/disable`, {
      token: editor.token,
    });
    expect(refused.status).toBe(403);
    const missing = await call(t.app, 'POST', '/api/users/999999/two-factor/disable', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const ok = await call(t.app, 'POST', `/api/users/${user.id}/two-factor/disable`, {
      token: admin.token,
    });
    expect(ok.status).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpEnabledAt).toBeNull();
    expect(await listed()).toBe(false);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), eq(auditLog.action, 'two-factor-off')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entityId).toBe(String(user.id));
  });

  it('when the agency requires it, an admin without two-factor signs in and is told to turn it on', async () => {
    const admin = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'admin',
      now: t.clock.now(),
    });
    const editor = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'editor',
      now: t.clock.now(),
    });
    await writeAgencySettings(t.app.db, () =>
      t.app.db
        .insert(agencySettings)
        .values({ id: 1, timeZone: 'Europe/London', requireTwoFactorForStaff: true })
        .onConflictDoUpdate({ target: agencySettings.id, set: { requireTwoFactorForStaff: true } }),
    );
    try {
      const res = await passwordStep(admin, nextAddress());
      expect(res.json).toEqual({
        role: admin.role,
        message: accountMessages.loginSuccess,
        token: expect.any(String),
        twoFactorSetupRequired: true,
      });
      const plain = await passwordStep(editor, nextAddress());
      expect(plain.json.twoFactorSetupRequired).toBeUndefined();
    } finally {
      await writeAgencySettings(t.app.db, () =>
        t.app.db.update(agencySettings).set({ requireTwoFactorForStaff: false }),
      );
    }
  });
});
