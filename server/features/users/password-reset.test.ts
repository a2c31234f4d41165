import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTexts, validation } from '../../../shared/messages.ts';
import { accountTokens, auditLog, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { settlePasswordResets } from './password-reset.service.ts';

const APP_URL = 'https://care.example.test';
const NEW_PASSWORD = 'a-brand-new-secret-42';

/** The link's token in an email's text. */
function tokenIn(raw: string): string {
  const match = /https:\/\/care\.example\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
    raw,
  );
  if (!match) throw new Error(`No reset link in: ${raw}`);
  return match[1]!;
}

const emailOf = (user: TestUser) => `${user.username}@example.test`;

async function ask(t: TestApp, usernameOrEmail: string, remoteAddress = '10.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/password-reset',
    payload: { usernameOrEmail },
    remoteAddress,
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

const login = (t: TestApp, username: string, password: string) =>
  call(t.app, 'POST', '/api/users/login', { body: { username, password } });

const confirm = (t: TestApp, token: string, password = NEW_PASSWORD) =>
  call(t.app, 'POST', '/api/users/password-reset/confirm', { body: { token, password } });

const auditRows = (
  t: TestApp,
  action: 'password-reset' | 'password-reset-request' | 'password-reset-link',
  userId: number,
) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))));

describe('password reset by email', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      config: { smtpUrl: smtp.url, appUrl: APP_URL, rateLimits: { resetsPerHour: 1000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('emails a working 30-minute link; the new password works, the old one and every session end', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const other = await createUser(t.app.db);
    const res = await ask(t, user.username);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: passwordResetTexts.requestAccepted });
    const email = await smtp.waitFor(emailOf(user));
    expect(email.raw).toContain('30 minutes');
    expect(email.raw).toContain('nothing changes');
    const token = tokenIn(email.raw);
    await settlePasswordResets();

    const check = await call(t.app, 'GET', `/api/users/password-reset/${token}`);
    expect(check.status).toBe(200);
    expect(check.json).toEqual({ valid: true, username: user.username });

    const [row] = await t.app.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'password-reset')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);
    expect(row!.tokenHash).not.toContain(token);

    const done = await confirm(t, token);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ message: passwordResetTexts.passwordReset });

    expect((await call(t.app, 'GET', '/api/users/me', { token: user.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me', { token: other.token })).status).toBe(200);
    expect((await login(t, user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(t, user.username, NEW_PASSWORD)).status).toBe(200);

    const audit = [
      ...(await auditRows(t, 'password-reset-request', user.id)),
      ...(await auditRows(t, 'password-reset', user.id)),
    ];
    expect(audit.map((a) => [a.action, a.outcome, a.userId])).toEqual([
      ['password-reset-request', 'success', user.id],
      ['password-reset', 'success', user.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('finds the account by its email too, in any case', async () => {
    const user = await createUser(t.app.db);
    expect((await ask(t, emailOf(user).toUpperCase())).status).toBe(202);
    tokenIn((await smtp.waitFor(emailOf(user))).raw);
  });

  it('an unknown account gets the same answer, no email and no audit row', async () => {
    const before = smtp.received.length;
    const auditBefore = await t.app.db.$count(auditLog);
    const res = await ask(t, 'nobody-at-all');
    const known = await createUser(t.app.db);
    const knownRes = await ask(t, known.username);
    expect(res).toMatchObject({ status: knownRes.status, json: knownRes.json });
    await smtp.waitFor(emailOf(known));
    await settlePasswordResets();
    expect(smtp.received.length).toBe(before + 1);
    // One row: the known account's request.
    expect(await t.app.db.$count(auditLog)).toBe(auditBefore + 1);
  });

  it('a deactivated account gets the same answer and no email', async () => {
    const user = await createUser(t.app.db, { isActive: false });
    expect((await ask(t, user.username)).status).toBe(202);
    await settlePasswordResets();
    expect(smtp.received.some((m) => m.to.includes(emailOf(user)))).toBe(false);
    const [row] = await auditRows(t, 'password-reset-request', user.id);
    expect(row!.outcome).toBe('failure');
  });

  it('sends one account at most 3 emails an hour, whoever asks, then the same 202 and nothing', async () => {
    const user = await createUser(t.app.db);
    for (let i = 0; i < 5; i += 1) {
      expect((await ask(t, user.username, `10.1.0.${i}`)).status).toBe(202);
    }
    await settlePasswordResets();
    await smtp.waitFor(emailOf(user));
    expect(smtp.received.filter((m) => m.to.includes(emailOf(user)))).toHaveLength(3);
    const audit = await auditRows(t, 'password-reset-request', user.id);
    expect(audit.map((a) => a.outcome).sort()).toEqual([
      'failure',
      'failure',
      'success',
      'success',
      'success',
    ]);
    // An hour later the account may be sent links again.
    t.clock.advance(61 * 60_000);
    await ask(t, user.username);
    await settlePasswordResets();
    expect(smtp.received.filter((m) => m.to.includes(emailOf(user)))).toHaveLength(4);
  });

  it('an expired link is refused and changes nothing', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    await ask(t, user.username);
    const token = tokenIn((await smtp.waitFor(emailOf(user))).raw);
    await settlePasswordResets();
    t.clock.advance(30 * 60_000 + 1);
    const check = await call(t.app, 'GET', `/api/users/password-reset/${token}`);
    expect(check.status).toBe(404);
    expect(check.json.message).toBe(passwordResetTexts.linkInvalid);
    const res = await confirm(t, token);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(passwordResetTexts.linkInvalid);
    expect((await login(t, user.username, TEST_PASSWORD)).status).toBe(200);
    expect(await auditRows(t, 'password-reset', user.id)).toHaveLength(0);
  });

  it('a used link works once; using one revokes the other links of the account', async () => {
    const user = await createUser(t.app.db);
    await ask(t, user.username);
    await ask(t, user.username);
    await settlePasswordResets();
    const tokens = smtp.received
      .filter((m) => m.to.includes(emailOf(user)))
      .map((m) => tokenIn(m.raw));
    expect(tokens).toHaveLength(2);
    expect((await confirm(t, tokens[0]!)).status).toBe(200);
    const [hashAfter] = await t.app.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));

    for (const token of tokens) {
      const res = await confirm(t, token, 'yet-another-password-7');
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(passwordResetTexts.linkInvalid);
      expect((await call(t.app, 'GET', `/api/users/password-reset/${token}`)).status).toBe(404);
    }
    const [hashNow] = await t.app.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(hashNow!.h).toBe(hashAfter!.h);
    const rows = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(rows.filter((r) => r.usedAt)).toHaveLength(1);
    expect(rows.filter((r) => r.revokedAt)).toHaveLength(1);
    expect(await auditRows(t, 'password-reset', user.id)).toHaveLength(1);
  });

  it('forged tokens answer the same message and change nothing', async () => {
    const auditBefore = await t.app.db.$count(auditLog);
    for (const forged of ['x'.repeat(43), 'short', 'A'.repeat(90)]) {
      const check = await call(t.app, 'GET', `/api/users/password-reset/${forged}`);
      expect(check.status).toBe(404);
      expect(check.json.message).toBe(passwordResetTexts.linkInvalid);
      const res = await confirm(t, forged);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(passwordResetTexts.linkInvalid);
    }
    expect(await t.app.db.$count(auditLog)).toBe(auditBefore);
  });

  it('the new password follows the sign-up policy; a refused one keeps the link', async () => {
    const user = await createUser(t.app.db);
    await ask(t, user.username);
    const token = tokenIn((await smtp.waitFor(emailOf(user))).raw);
    await settlePasswordResets();
    const short = await confirm(t, token, 'short');
    expect(short.status).toBe(400);
    expect(short.json.errors?.password ?? short.json.message).toBe(validation.passwordMin8);
    expect((await confirm(t, token, 'password')).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/users/password-reset/${token}`)).status).toBe(200);
    expect((await confirm(t, token)).status).toBe(200);
  });

  it('a blank request is a 400 with a clear message', async () => {
    const res = await call(t.app, 'POST', '/api/users/password-reset', {
      body: { usernameOrEmail: '  ' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(passwordResetTexts.usernameOrEmailRequired);
  });
});

describe('the admin reset link', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // No SMTP: the admin's link does not need it.
    t = await createTestApp();
    admin = await createUser(t.app.db, { privileges: 'admin' });
  });
  afterAll(() => t.close());

  it('gives an admin a 24-hour single-use token that resets the password and ends sessions', async () => {
    const user = await createUser(t.app.db, { role: 'patient' });
    const res = await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.json.expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 60 * 60_000);
    const audit = await auditRows(t, 'password-reset-link', user.id);
    expect(audit.map((a) => a.userId)).toEqual([admin.id]);
    expect(JSON.stringify(audit)).not.toContain(res.json.token);

    expect((await confirm(t, res.json.token)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/me', { token: user.token })).status).toBe(401);
    expect((await login(t, user.username, NEW_PASSWORD)).status).toBe(200);
    expect((await login(t, user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me', { token: admin.token })).status).toBe(200);
  });

  it('a revoked admin link (another link used first) changes nothing', async () => {
    const user = await createUser(t.app.db);
    const first = await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`, {
      token: admin.token,
    });
    const second = await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`, {
      token: admin.token,
    });
    expect((await confirm(t, second.json.token)).status).toBe(200);
    const res = await confirm(t, first.json.token, 'something-else-entirely');
    expect(res.status).toBe(400);
    expect((await login(t, user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses non-admins, missing and deactivated accounts', async () => {
    const user = await createUser(t.app.db);
    const editor = await createUser(t.app.db, { privileges: 'editor' });
    const supervisor = await createUser(t.app.db, { privileges: 'supervisor' });
    for (const caller of [editor, supervisor]) {
      const res = await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`, {
        token: caller.token,
      });
      expect(res.status).toBe(403);
    }
    expect((await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`)).status).toBe(
      401,
    );
    const missing = await call(t.app, 'POST', '/api/users/999999/password-reset-link', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const inactive = await createUser(t.app.db, { isActive: false });
    const res = await call(t.app, 'POST', `/api/users/${inactive.id}/password-reset-link`, {
      token: admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(passwordResetTexts.inactiveAccount);
    expect(await t.app.db.$count(accountTokens)).toBe(3);
  });

  it('a link of an account deactivated since does not work', async () => {
    const user = await createUser(t.app.db);
    const link = await call(t.app, 'POST', `/api/users/${user.id}/password-reset-link`, {
      token: admin.token,
    });
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(t.app, 'GET', `/api/users/password-reset/${link.json.token}`)).status).toBe(
      404,
    );
    expect((await confirm(t, link.json.token)).status).toBe(400);
  });

  it('without SMTP a request still answers the same 202 and issues nothing', async () => {
    const user = await createUser(t.app.db);
    const before = await t.app.db.$count(accountTokens);
    expect((await ask(t, user.username)).status).toBe(202);
    await settlePasswordResets();
    expect(await t.app.db.$count(accountTokens)).toBe(before);
  });
});

describe('per-address limits of the reset calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { resetsPerHour: 3 } } });
  });
  afterAll(() => t.close());

  it('refuses a fourth request from one address within the hour with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await ask(t, `someone${i}`, '10.9.0.1')).status).toBe(202);
    const refused = await ask(t, 'someone', '10.9.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(t, 'someone', '10.9.0.2')).status).toBe(202);
    await settlePasswordResets();
  });

  it('limits confirmations per address the same way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/password-reset/confirm',
        payload: { token: 'x'.repeat(43), password: NEW_PASSWORD },
        remoteAddress: '10.9.1.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
