import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../../auth/session-cache.ts';
import { hashToken, IDLE_TIMEOUT_MS } from '../../auth/sessions.ts';
import { sessions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

/**
 * The session cache through the real app: a signed-in request that follows another is served
 * without the session lookup, and every way a session ends or an account changes still applies
 * to the very next request.
 */
describe('sessions served from the cache', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;

  const me = (token: string) => call(t.app, 'GET', '/api/users/me', { token });
  const lastSeenOf = async (token: string) => {
    const [row] = await t.app.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.lastSeenAt.toISOString();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app.db, { role: 'doctor', privileges: 'admin', now: t.clock.now() });
  });
  afterAll(() => t.close());

  it('hears the database’s announcements, and keeps what it resolved', async () => {
    expect(t.app.sessionCache.live).toBe(true);
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    expect((await me(doctor.token)).status).toBe(200);
    // Ended behind the app's back (no announcement): the cached session still answers, which
    // shows the second request did not look it up; past the cache's TTL it is read again.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(doctor.token)));
    expect((await me(doctor.token)).status).toBe(200);
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(doctor.token)).status).toBe(401);
  });

  it('a logout ends the cached session for the very next request', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    expect((await me(doctor.token)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/users/logout', { token: doctor.token })).status).toBe(
      200,
    );
    expect((await me(doctor.token)).status).toBe(401);
  });

  it('ending one’s other sessions and deactivation reach cached sessions at once', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { username: doctor.username, password: TEST_PASSWORD },
    });
    const second = login.json.token as string;
    expect((await me(doctor.token)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    const ended = await call(t.app, 'POST', '/api/users/me/sessions/end-others', { token: second });
    expect(ended.status).toBe(200);
    expect((await me(doctor.token)).status).toBe(401);
    expect((await me(second)).status).toBe(200);

    const off = await call(t.app, 'PATCH', `/api/users/${doctor.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(off.json.isActive).toBe(false);
    expect((await me(second)).status).toBe(401);
  });

  it('the session that ends the others is still served from the cache', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const login = await call(t.app, 'POST', '/api/users/login', {
      body: { username: doctor.username, password: TEST_PASSWORD },
    });
    const other = login.json.token as string;
    const ended = await call(t.app, 'POST', '/api/users/me/sessions/end-others', {
      token: doctor.token,
    });
    expect(ended.json).toEqual({ ended: 1 });
    expect((await me(other)).status).toBe(401);
    expect((await me(doctor.token)).status).toBe(200);
    // Ended behind the app's back: the kept session still answers, so it was cached again at
    // once rather than looked up on every request for a minute.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(doctor.token)));
    expect((await me(doctor.token)).status).toBe(200);
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(doctor.token)).status).toBe(401);
  });

  it('a new role or privilege applies to a cached session at once', async () => {
    const other = await createUser(t.app.db, { role: 'doctor', privileges: 'admin' });
    expect((await call(t.app, 'GET', '/api/users', { token: other.token })).status).toBe(200);
    const demoted = await call(t.app, 'PATCH', `/api/users/${other.id}`, {
      token: admin.token,
      body: { privileges: 'editor' },
    });
    expect(demoted.json.privileges).toBe('editor');
    expect((await call(t.app, 'GET', '/api/users', { token: other.token })).status).toBe(403);

    const caregiver = await createUser(t.app.db, { role: 'caregiver', privileges: 'editor' });
    expect((await me(caregiver.token)).json.role).toBe('caregiver');
    await call(t.app, 'PATCH', `/api/users/${caregiver.id}`, {
      token: admin.token,
      body: { role: 'doctor' },
    });
    const after = await call(t.app, 'GET', '/api/users/me/sessions', { token: caregiver.token });
    expect(after.status).toBe(200);
    expect((await me(caregiver.token)).json.role).toBe('doctor');
  });

  it('a cached session still goes idle, and is still kept alive by use', async () => {
    const doctor = await createUser(t.app.db, { now: t.clock.now() });
    const start = t.clock.now().toISOString();
    t.clock.advance(50_000);
    expect((await me(doctor.token)).status).toBe(200);
    // Read 50 s after its last use: not written yet (at most once a minute).
    expect(await lastSeenOf(doctor.token)).toBe(start);
    t.clock.advance(15_000);
    // Served from the cache, 65 s after its last use: the use is written.
    expect((await me(doctor.token)).status).toBe(200);
    expect(await lastSeenOf(doctor.token)).toBe(t.clock.now().toISOString());

    expect((await me(doctor.token)).status).toBe(200);
    t.clock.advance(IDLE_TIMEOUT_MS + 1);
    const idle = await me(doctor.token);
    expect(idle.status).toBe(401);
    const [row] = await t.app.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(doctor.token)));
    expect(row!.revokedAt).not.toBeNull();
  });
});
