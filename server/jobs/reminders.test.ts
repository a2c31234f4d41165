import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { notifications, reminders } from '../db/schema/index.ts';
import { ManualClock } from '../lib/clock.ts';
import {
  call,
  createTestApp,
  openTestDatabase,
  testConfig,
  usingPostgres,
  type TestApp,
} from '../test/app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { listenLocally, openEventStream } from '../test/sse.ts';
import { startJobs } from './index.ts';
import { runDueReminders } from './reminders.ts';
import { twoInstances } from '../test/two-instances.ts';

const MINUTE = 60 * 1000;

describe('reminders firing', () => {
  let t: TestApp;
  let caregiver: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    caregiver = await createUser(t.app.db, { role: 'caregiver' });
  });
  afterAll(() => t.close());

  const notificationsOf = (reminderId: number) =>
    t.app.db.select().from(notifications).where(eq(notifications.reminderId, reminderId));

  it('a due reminder fires once: running the job twice makes one notification', async () => {
    const base = await listenLocally(t.app);
    const live = await openEventStream(`${base}/api/notifications/stream`, caregiver.token);
    const created = await call(t.app, 'POST', '/api/reminders', {
      token: caregiver.token,
      body: { message: 'Give the 9:30 pills', date: '2026-01-15T09:30:00Z' },
    });
    const id = created.json.id as number;

    expect(await runDueReminders(t.app)).toBe(0); // 09:00: not yet
    t.clock.set('2026-01-15T09:30:00.000Z');
    expect(await runDueReminders(t.app)).toBe(1);
    expect(await runDueReminders(t.app)).toBe(0);

    const rows = await notificationsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: caregiver.id,
      message: 'Give the 9:30 pills',
      kind: 'reminder',
      link: '/notifications',
      createdAt: new Date('2026-01-15T09:30:00.000Z'),
    });
    const [reminder] = await t.app.db.select().from(reminders).where(eq(reminders.id, id));
    expect(reminder?.firedAt).toEqual(new Date('2026-01-15T09:30:00.000Z'));

    const event = await live.next((e) => e.event === 'notification');
    expect(event.data).toMatchObject({ id: rows[0]!.id, message: 'Give the 9:30 pills' });
    live.close();
    t.clock.set('2026-01-15T09:00:00.000Z');
  });

  it('the scheduler fires due reminders on its own, every tick', async () => {
    const created = await call(t.app, 'POST', '/api/reminders', {
      token: caregiver.token,
      body: { message: 'Ticked', date: '2026-01-15T09:05:00Z' },
    });
    const jobs = startJobs(
      Object.assign(Object.create(t.app) as typeof t.app, {
        config: { ...t.app.config, reminderTickMs: 50 },
      }),
    );
    try {
      await jobs.idle();
      expect(await notificationsOf(created.json.id)).toHaveLength(0);
      t.clock.advance(5 * MINUTE);
      await expect
        .poll(async () => (await notificationsOf(created.json.id)).length, { timeout: 3000 })
        .toBe(1);
    } finally {
      await jobs.stop();
      t.clock.set('2026-01-15T09:00:00.000Z');
    }
  });

  it('a reminder that fell due while the server was down fires at start', async () => {
    const database = await openTestDatabase();
    const clock = new ManualClock('2026-01-15T09:00:00.000Z');
    const options = { config: testConfig, database, clock, clientRoot: '/nonexistent-client' };
    try {
      const before = await buildApp(options);
      const user = await createUser(database.db, { role: 'caregiver' });
      const created = await call(before, 'POST', '/api/reminders', {
        token: user.token,
        body: { message: 'While you were away', date: '2026-01-15T10:00:00Z' },
      });
      await before.close(); // the server goes down before 10:00

      clock.set('2026-01-15T12:00:00.000Z');
      const after = await buildApp(options);
      const jobs = startJobs(after);
      await jobs.idle(); // the first run happens at start
      await jobs.stop();
      const rows = await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.reminderId, created.json.id));
      expect(rows.map((r) => [r.message, r.createdAt.toISOString()])).toEqual([
        ['While you were away', '2026-01-15T12:00:00.000Z'],
      ]);
      await after.close();
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!usingPostgres())('two app instances on one PostgreSQL database', () => {
  // PGlite is one process on one directory: two instances cannot share it, so this runs only
  // with TEST_DB=postgres.
  const clock = new ManualClock('2026-01-15T09:00:00.000Z');
  const instances = twoInstances(clock);

  it('each of 200 due reminders fires exactly once between them, running at once', async () => {
    const users = await Promise.all(
      Array.from({ length: 10 }, () => createUser(instances.databaseA.db, { role: 'caregiver' })),
    );
    await instances.databaseA.db.insert(reminders).values(
      Array.from({ length: 200 }, (_, i) => ({
        userId: users[i % users.length]!.id,
        message: `Reminder ${i}`,
        date: new Date(Date.parse('2026-01-15T08:00:00Z') + i * 1000),
      })),
    );
    // Small batches so the two instances interleave many claiming transactions.
    const runs = await Promise.all(
      [
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
        instances.appA,
        instances.appB,
      ].map((app) => runDueReminders(app, { batchSize: 7 })),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(200);
    expect(runs.filter((fired) => fired > 0).length).toBeGreaterThan(1);

    const [{ total, distinct }] = (await instances.databaseA.db
      .select({
        total: count(),
        distinct: sql<number>`count(distinct ${notifications.reminderId})::int`,
      })
      .from(notifications)) as [{ total: number; distinct: number }];
    expect(total).toBe(200);
    expect(distinct).toBe(200);
    const [left] = await instances.databaseA.db
      .select({ value: count() })
      .from(reminders)
      .where(isNull(reminders.firedAt));
    expect(left?.value).toBe(0);
  });

  it('a client connected to either instance receives the notification fired by the other', async () => {
    const onA = await createUser(instances.databaseA.db, { role: 'caregiver' });
    const onB = await createUser(instances.databaseA.db, { role: 'doctor' });
    const streamA = await openEventStream(
      `${await listenLocally(instances.appA)}/api/notifications/stream`,
      onA.token,
    );
    const streamB = await openEventStream(
      `${await listenLocally(instances.appB)}/api/notifications/stream`,
      onB.token,
    );
    try {
      await instances.databaseA.db
        .insert(reminders)
        .values([
          { userId: onA.id, message: 'For the user on A', date: new Date('2026-01-15T08:59:00Z') },
        ]);
      expect(await runDueReminders(instances.appB)).toBe(1); // fired by B, delivered by A
      const eventA = await streamA.next((e) => e.event === 'notification');
      expect(eventA.data).toMatchObject({ message: 'For the user on A', kind: 'reminder' });

      await instances.databaseA.db
        .insert(reminders)
        .values([
          { userId: onB.id, message: 'For the user on B', date: new Date('2026-01-15T08:59:00Z') },
        ]);
      expect(await runDueReminders(instances.appA)).toBe(1); // fired by A, delivered by B
      const eventB = await streamB.next((e) => e.event === 'notification');
      expect(eventB.data).toMatchObject({ message: 'For the user on B' });

      // Dismissed through A, the stream on... A's user sees it; B's stream never saw A's user.
      const id = (eventA.data as { id: number }).id;
      await call(instances.appB, 'POST', `/api/notifications/${id}/dismiss`, { token: onA.token });
      expect((await streamA.next((e) => e.event === 'dismissed')).data).toEqual({ id });
      expect(streamB.events.map((e) => e.event)).toEqual(['notification']);
    } finally {
      streamA.close();
      streamB.close();
    }
  });
});
