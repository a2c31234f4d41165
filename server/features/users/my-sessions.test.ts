import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, sessionTexts } from '../../../shared/messages.ts';
import { IDLE_TIMEOUT_MS } from '../../auth/sessions.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { describeUserAgent } from './user-agent.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const MAC_FIREFOX =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('describeUserAgent', () => {
  it('names the browser and the system in a few words', () => {
    expect(describeUserAgent(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(describeUserAgent(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(describeUserAgent(WINDOWS_EDGE)).toBe('Edge on Windows');
    expect(describeUserAgent(MAC_FIREFOX)).toBe('Firefox on macOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('???')).toBe('Unknown device');
  });
});

describe('where am I signed in', () => {
  let t: TestApp;

  /** Logs in through the API from a given browser and address; answers the new token. */
  const signIn = async (user: TestUser, userAgent: string, remoteAddress = '203.0.113.7') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'user-agent': userAgent },
      payload: { username: user.username, password: TEST_PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const newUser = (privileges: 'editor' | 'admin' = 'editor') =>
    createUser(t.app.db, { role: 'caregiver', privileges, now: t.clock.now() });
  const mine = (token: string) => call(t.app, 'GET', '/api/users/me/sessions', { token });
  const auditRows = (action: string) =>
    t.app.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists only the caller’s live sessions, most recently used first, the current one marked', async () => {
    const user = await newUser();
    const other = await newUser();
    await signIn(user, ANDROID_CHROME, '198.51.100.4');
    t.clock.advance(2 * 60_000);
    const laptop = await signIn(user, WINDOWS_EDGE);
    // An ended and an idle session of the same user are not listed.
    const ended = await signIn(user, MAC_FIREFOX);
    await call(t.app, 'POST', '/api/users/logout', { token: ended });
    t.clock.advance(2 * 60_000);

    // Asking touches the laptop's last-seen time: it is the most recently used.
    const res = await mine(laptop);
    expect(res.status).toBe(200);
    const list = res.json as Array<Record<string, unknown>>;
    // The factory's own session (no user agent) is also live.
    expect(list.map((s) => s.device)).toEqual([
      'Edge on Windows',
      'Chrome on Android',
      'Unknown device',
    ]);
    expect(list.map((s) => s.current)).toEqual([true, false, false]);
    expect(list[0]!.lastSeenAt).toBe('2026-01-15T09:04:00.000Z');
    expect(list[1]).toEqual({
      id: expect.any(Number),
      current: false,
      device: 'Chrome on Android',
      ip: '198.51.100.4',
      createdAt: '2026-01-15T09:00:00.000Z',
      lastSeenAt: '2026-01-15T09:00:00.000Z',
    });
    expect(JSON.stringify(list)).not.toMatch(/tokenHash|token/i);
    const otherIds = (await mine(other.token)).json.map((s: { id: number }) => s.id);
    for (const s of list) expect(otherIds).not.toContain(s.id);

    // Past the idle limit a session is no longer listed (and no longer works).
    t.clock.advance(IDLE_TIMEOUT_MS + 60_000);
    const fresh = await signIn(user, IPHONE_SAFARI);
    const later = (await mine(fresh)).json as Array<{ device: string; current: boolean }>;
    expect(later).toEqual([expect.objectContaining({ device: 'Safari on iPhone', current: true })]);
  });

  it('ending one session makes its token answer 401 at once and leaves an audit row', async () => {
    const user = await newUser();
    const phone = await signIn(user, ANDROID_CHROME);
    const laptop = await signIn(user, WINDOWS_EDGE);
    const phoneId = (await mine(phone)).json.find((s: { current: boolean }) => s.current).id;
    expect((await call(t.app, 'GET', '/api/users/me', { token: phone })).status).toBe(200);

    const res = await call(t.app, 'DELETE', `/api/users/me/sessions/${phoneId}`, {
      token: laptop,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: sessionTexts.ended });
    expect((await call(t.app, 'GET', '/api/users/me', { token: phone })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me', { token: laptop })).status).toBe(200);
    const ids = (await mine(laptop)).json.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(phoneId);

    const rows = (await auditRows('end-session')).filter((r) => r.entityId === String(phoneId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'session',
      userId: user.id,
      subjectUserId: user.id,
      outcome: 'success',
    });
    // Ending it again is 404: it is no longer live.
    const again = await call(t.app, 'DELETE', `/api/users/me/sessions/${phoneId}`, {
      token: laptop,
    });
    expect(again.status).toBe(404);
  });

  it('the current session cannot be ended here: 400 "use Log out"', async () => {
    const user = await newUser();
    const token = await signIn(user, WINDOWS_EDGE);
    const id = (await mine(token)).json.find((s: { current: boolean }) => s.current).id;
    const res = await call(t.app, 'DELETE', `/api/users/me/sessions/${id}`, { token });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: sessionTexts.useLogOut });
    expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(200);
  });

  it('another user’s session, a missing one and a malformed id: 404 or 400, and nothing changes', async () => {
    const user = await newUser();
    const victim = await newUser();
    const victimToken = await signIn(victim, ANDROID_CHROME);
    const victimId = (await mine(victimToken)).json.find((s: { current: boolean }) => s.current).id;
    const before = await auditRows('end-session');

    const foreign = await call(t.app, 'DELETE', `/api/users/me/sessions/${victimId}`, {
      token: user.token,
    });
    const missing = await call(t.app, 'DELETE', '/api/users/me/sessions/987654321', {
      token: user.token,
    });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.json).toEqual({ message: apiErrors.notFound });
    expect(missing.json).toEqual(foreign.json);
    expect((await call(t.app, 'GET', '/api/users/me', { token: victimToken })).status).toBe(200);
    expect(await auditRows('end-session')).toHaveLength(before.length);

    const bad = await call(t.app, 'DELETE', '/api/users/me/sessions/abc', { token: user.token });
    expect(bad.status).toBe(400);
  });

  it('"sign out everywhere else" ends all but the current session and says how many', async () => {
    const user = await newUser();
    const phone = await signIn(user, ANDROID_CHROME);
    const tablet = await signIn(user, IPHONE_SAFARI);
    const laptop = await signIn(user, WINDOWS_EDGE);
    const bystander = await newUser();

    const res = await call(t.app, 'POST', '/api/users/me/sessions/end-others', { token: laptop });
    expect(res.status).toBe(200);
    // The two signed in here and the factory's own.
    expect(res.json).toEqual({ ended: 3 });
    for (const token of [phone, tablet, user.token]) {
      expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/users/me', { token: laptop })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/me', { token: bystander.token })).status).toBe(
      200,
    );
    expect((await mine(laptop)).json).toHaveLength(1);
    const again = await call(t.app, 'POST', '/api/users/me/sessions/end-others', {
      token: laptop,
    });
    expect(again.json).toEqual({ ended: 0 });

    const rows = (await auditRows('end-other-sessions')).filter((r) => r.userId === user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ entity: 'session', entityId: String(user.id) });
  });

  it('an admin lists and ends a user’s sessions; audited with the user’s id', async () => {
    const admin = await newUser('admin');
    const user = await newUser();
    const phone = await signIn(user, ANDROID_CHROME, '192.0.2.10');

    const list = await call(t.app, 'GET', `/api/users/${user.id}/sessions`, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(2);
    expect(list.json[0]).toMatchObject({ device: 'Chrome on Android', ip: '192.0.2.10' });
    expect(list.json.every((s: { current: boolean }) => !s.current)).toBe(true);

    const end = await call(t.app, 'POST', `/api/users/${user.id}/sessions/end`, {
      token: admin.token,
    });
    expect(end.status).toBe(200);
    expect(end.json).toEqual({ ended: 2 });
    for (const token of [phone, user.token]) {
      expect((await call(t.app, 'GET', '/api/users/me', { token })).status).toBe(401);
    }
    expect(
      (await call(t.app, 'GET', `/api/users/${user.id}/sessions`, { token: admin.token })).json,
    ).toEqual([]);

    const [ended] = (await auditRows('end-user-sessions')).filter(
      (r) => r.entityId === String(user.id),
    );
    expect(ended).toMatchObject({
      entity: 'session',
      userId: admin.id,
      subjectUserId: user.id,
      outcome: 'success',
    });
    const listed = (await auditRows('list')).filter(
      (r) => r.entity === 'session' && r.entityId === String(user.id),
    );
    // The list before and after the end.
    expect(listed).toHaveLength(2);

    const missing = await call(t.app, 'POST', '/api/users/987654321/sessions/end', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const missingList = await call(t.app, 'GET', '/api/users/987654321/sessions', {
      token: admin.token,
    });
    expect(missingList.status).toBe(404);
  });

  it('an admin ending their own sessions keeps the one they are using', async () => {
    const admin = await newUser('admin');
    const other = await signIn(admin, ANDROID_CHROME);
    const res = await call(t.app, 'POST', `/api/users/${admin.id}/sessions/end`, {
      token: admin.token,
    });
    expect(res.json).toEqual({ ended: 1 });
    expect((await call(t.app, 'GET', '/api/users/me', { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/users/me', { token: other })).status).toBe(401);
  });

  it('a non-admin is refused the admin calls and nothing changes', async () => {
    const supervisor = await createUser(t.app.db, {
      role: 'doctor',
      privileges: 'supervisor',
      now: t.clock.now(),
    });
    const user = await newUser();
    const list = await call(t.app, 'GET', `/api/users/${user.id}/sessions`, {
      token: supervisor.token,
    });
    const end = await call(t.app, 'POST', `/api/users/${user.id}/sessions/end`, {
      token: supervisor.token,
    });
    expect(list.status).toBe(403);
    expect(end.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/users/me', { token: user.token })).status).toBe(200);
    const live = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
    const denied = (await auditRows('denied')).filter((r) => r.userId === supervisor.id);
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it('a guest is asked to log in', async () => {
    expect((await call(t.app, 'GET', '/api/users/me/sessions')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/users/me/sessions/end-others')).status).toBe(401);
  });
});
