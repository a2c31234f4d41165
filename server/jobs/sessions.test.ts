import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { startJobs } from './index.ts';
import { IDEMPOTENCY_RETENTION_MS, pruneSessions, SESSION_RETENTION_MS } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('pruning the sessions table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes sessions ended more than 30 days ago and keeps live and recently ended ones', async () => {
    const start = t.clock.now();
    const loggedOutLongAgo = await createUser(t.app.db, { now: start });
    const expiredLongAgo = await createUser(t.app.db, { now: start });
    const loggedOutRecently = await createUser(t.app.db, { now: start });
    const [longAgo] = await t.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, loggedOutLongAgo.id));
    await t.app.db.update(sessions).set({ revokedAt: start }).where(eq(sessions.id, longAgo!.id));

    t.clock.advance(SESSION_RETENTION_MS + DAY);
    const now = t.clock.now();
    const live = await createUser(t.app.db, { now });
    const [recent] = await t.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, loggedOutRecently.id));
    await t.app.db
      .update(sessions)
      .set({
        revokedAt: new Date(now.getTime() - DAY),
        lastSeenAt: new Date(now.getTime() - DAY),
        expiresAt: new Date(now.getTime() - DAY / 2),
      })
      .where(eq(sessions.id, recent!.id));

    const pruned = await pruneSessions(t.app.db, now);
    expect(pruned.sessions).toBe(2);
    const left = await t.app.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(
        inArray(sessions.userId, [
          loggedOutLongAgo.id,
          expiredLongAgo.id,
          loggedOutRecently.id,
          live.id,
        ]),
      );
    expect(left.map((row) => row.userId).sort()).toEqual([loggedOutRecently.id, live.id].sort());
  });

  it('deletes idempotency keys of offline changes a day past a device’s week offline and keeps newer ones', async () => {
    const user = await createUser(t.app.db, { now: t.clock.now() });
    const now = t.clock.now();
    await t.app.db.insert(idempotencyKeys).values([
      {
        userId: user.id,
        key: 'old-key',
        route: 'POST /api/doses',
        createdAt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS - 60_000),
      },
      {
        userId: user.id,
        key: 'recent-key',
        route: 'POST /api/doses',
        createdAt: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS + 60_000),
      },
    ]);
    const pruned = await pruneSessions(t.app.db, now);
    expect(pruned.idempotencyKeys).toBe(1);
    const left = await t.app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual(['recent-key']);
  });

  it('runs with the scheduled jobs at start', async () => {
    const old = await createUser(t.app.db, { now: t.clock.now() });
    t.clock.advance(SESSION_RETENTION_MS + DAY);
    const jobs = startJobs(t.app);
    try {
      await jobs.idle();
    } finally {
      await jobs.stop();
    }
    const left = await t.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, old.id));
    expect(left).toEqual([]);
  });
});
