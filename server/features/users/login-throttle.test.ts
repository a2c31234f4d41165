import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustHops } from '../../config.ts';
import { auditLog, loginThrottleCounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  countAccountFailures,
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_GLOBAL,
  MAX_FAILURES_PER_ADDRESS,
} from './login-throttle.ts';

// These tests are about the failed-login throttle, not the per-address request limits.
const roomyLimits = { loginsPerMinute: 100_000, publicPerMinute: 100_000 };

describe('the failed-login throttle under parallel attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: roomyLimits } });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, remoteAddress = '10.40.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
      remoteAddress,
    });

  it('50 parallel wrong guesses for one account: at most the limit are checked, the rest answer 429', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const victim = await createUser(t.app.db, { now: t.clock.now() });
    const other = await createUser(t.app.db, { now: t.clock.now() });
    const started = t.clock.now();
    const [answers, otherLogin] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => attempt(victim.username, `wrong-${i}`))),
      // Another account's login is not held up by the attacked account's lock.
      attempt(other.username, TEST_PASSWORD, '10.40.9.9'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      50 - MAX_FAILURES_PER_ACCOUNT,
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(
      await countAccountFailures(t.app.db, victim.username, t.clock.now()),
    ).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    const [checked] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'login-failed'),
          eq(auditLog.outcome, 'failure'),
          eq(auditLog.entityId, String(victim.id)),
          gte(auditLog.at, started),
        ),
      );
    expect(checked!.n).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(otherLogin.statusCode).toBe(200);
  });

  it('the right password sent among parallel wrong ones past the limit answers 429', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const victim = await createUser(t.app.db, { now: t.clock.now() });
    const wrong = Array.from({ length: 30 }, (_, i) => attempt(victim.username, `wrong-${i}`));
    await Promise.all(wrong.slice(0, MAX_FAILURES_PER_ACCOUNT));
    const [right] = await Promise.all([
      attempt(victim.username, TEST_PASSWORD),
      ...wrong.slice(MAX_FAILURES_PER_ACCOUNT),
    ]);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('failures from one address lock that address out of the account, not the real user elsewhere', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1) {
      expect((await attempt(user.username, `wrong-${i}`, '10.41.0.1')).statusCode).toBe(401);
    }
    expect((await attempt(user.username, TEST_PASSWORD, '10.41.0.1')).statusCode).toBe(429);
    expect((await attempt(user.username, TEST_PASSWORD, '10.41.0.2')).statusCode).toBe(200);
  });

  it('past the global limit for an account, spread over many addresses, every address answers 429', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const user = await createUser(t.app.db, { now: t.clock.now() });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_GLOBAL; i += 1) {
      const address = `10.42.${Math.floor(i / 2)}.${i % 2}`;
      expect((await attempt(user.username, `wrong-${i}`, address)).statusCode).toBe(401);
    }
    expect((await attempt(user.username, TEST_PASSWORD, '10.42.200.1')).statusCode).toBe(429);
  });

  it('100 throttled attempts add at most a handful of audit rows, and are counted', async () => {
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const address = '10.43.0.1';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) {
      expect((await attempt(`spray-${i}`, 'guess-guess', address)).statusCode).toBe(401);
    }
    const auditRowsOf = async () => {
      const [rows] = await t.app.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.ip, address));
      return rows!.n;
    };
    const before = await auditRowsOf();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt(`flood-${i}`, 'guess-guess', address)),
    );
    expect(answers.every((answer) => answer.statusCode === 429)).toBe(true);
    expect((await auditRowsOf()) - before).toBeLessThanOrEqual(3);
    const [counted] = await t.app.db
      .select({ attempts: loginThrottleCounts.attempts })
      .from(loginThrottleCounts)
      .where(eq(loginThrottleCounts.ip, address));
    expect(counted!.attempts).toBe(100);
  });
});

describe('the failed-login throttle behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: trustHops(1), rateLimits: roomyLimits } });
  });
  afterAll(() => t.close());

  it('a rotated left-most X-Forwarded-For does not escape the per-address limit', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const attempt = (username: string, password: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // The proxy appends the address it saw (203.0.113.9); the client forges what comes before.
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) {
      const res = await attempt(`spray-${i}`, 'guess-guess', `198.51.100.${i + 1}, 203.0.113.9`);
      expect(res.statusCode).toBe(401);
    }
    const forged = await attempt(user.username, TEST_PASSWORD, '192.0.2.77, 203.0.113.9');
    expect(forged.statusCode).toBe(429);
    const rows = await t.app.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, 'login-failed'));
    expect(new Set(rows.map((row) => row.ip))).toEqual(new Set(['203.0.113.9']));
    const elsewhere = await attempt(user.username, TEST_PASSWORD, '203.0.113.10');
    expect(elsewhere.statusCode).toBe(200);
  });
});
