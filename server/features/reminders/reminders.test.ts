import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation } from '../../../shared/messages.ts';
import { PRESETS_CREATED_HEADER } from '../../../shared/constants.ts';
import { notifications, reminders } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { runDueReminders } from '../../jobs/reminders.ts';
import { wallTimeToInstant } from './reminders.service.ts';

describe('reminders API', () => {
  let t: TestApp;
  let caregiver: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    caregiver = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    other = await createUser(t.app.db, { role: 'caregiver' });
  });
  afterAll(() => t.close());

  const add = (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/reminders', { token: user.token, body });

  it('a caregiver gets the two preset reminders once, told so only the first time', async () => {
    const first = await call(t.app, 'GET', '/api/reminders?timeZone=UTC', {
      token: caregiver.token,
    });
    expect(first.status).toBe(200);
    expect(first.headers[PRESETS_CREATED_HEADER.toLowerCase()]).toBe('true');
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json.map((r: { message: string; date: string }) => [r.message, r.date])).toEqual(
      expect.arrayContaining([
        ['Administer medication', '2024-12-01T10:00:00.000Z'],
        ['Blood pressure check', '2024-12-02T14:00:00.000Z'],
      ]),
    );
    // The presets lie in the past: they count as having reminded and make no notifications.
    expect(first.json.every((r: { firedAt: string | null }) => r.firedAt !== null)).toBe(true);
    expect(await runDueReminders(t.app)).toBe(0);

    const second = await call(t.app, 'GET', '/api/reminders', { token: caregiver.token });
    expect(second.headers[PRESETS_CREATED_HEADER.toLowerCase()]).toBe('false');
    expect(second.json).toHaveLength(2);
  });

  it('deleted presets do not come back', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const list = await call(t.app, 'GET', '/api/reminders', { token: user.token });
    for (const reminder of list.json as { id: number }[]) {
      expect(
        (await call(t.app, 'DELETE', `/api/reminders/${reminder.id}`, { token: user.token }))
          .status,
      ).toBe(204);
    }
    const again = await call(t.app, 'GET', '/api/reminders', { token: user.token });
    expect(again.json).toEqual([]);
    expect(again.headers[PRESETS_CREATED_HEADER.toLowerCase()]).toBe('false');
  });

  it('concurrent first loads create the presets exactly once', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'GET', '/api/reminders', { token: user.token })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(
      answers.filter((a) => a.headers[PRESETS_CREATED_HEADER.toLowerCase()] === 'true'),
    ).toHaveLength(1);
    const rows = await t.app.db.select().from(reminders).where(eq(reminders.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('presets are placed at the wall-clock time of the caregiver’s time zone', async () => {
    expect(wallTimeToInstant('2024-12-01T10:00:00', 'America/New_York').toISOString()).toBe(
      '2024-12-01T15:00:00.000Z',
    );
    expect(wallTimeToInstant('2024-07-01T10:00:00', 'Europe/Berlin').toISOString()).toBe(
      '2024-07-01T08:00:00.000Z',
    );
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const res = await call(t.app, 'GET', '/api/reminders?timeZone=Asia/Tokyo', {
      token: user.token,
    });
    expect(res.json.map((r: { date: string }) => r.date)).toContain('2024-12-01T01:00:00.000Z');
  });

  it('an unknown time zone is a 400', async () => {
    const res = await call(t.app, 'GET', '/api/reminders?timeZone=Mars/Olympus', {
      token: other.token,
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('timeZone');
  });

  it('doctors and patients keep reminders too, without presets', async () => {
    for (const role of ['doctor', 'patient', 'user'] as const) {
      const user = await createUser(t.app.db, { role, privileges: 'viewer' });
      const list = await call(t.app, 'GET', '/api/reminders', { token: user.token });
      expect(list.status).toBe(200);
      expect(list.json).toEqual([]);
      expect(list.headers[PRESETS_CREATED_HEADER.toLowerCase()]).toBe('false');
      const created = await add(user, { message: 'Call the pharmacy', date: '2026-02-01T09:00' });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({
        message: 'Call the pharmacy',
        date: '2026-02-01T09:00:00.000Z',
        firedAt: null,
      });
    }
  });

  it('a guest is refused', async () => {
    expect((await call(t.app, 'GET', '/api/reminders')).status).toBe(401);
    const guest = await createUser(t.app.db, { role: 'astronaut' });
    expect((await call(t.app, 'GET', '/api/reminders', { token: guest.token })).status).toBe(403);
  });

  it('adds, lists upcoming first, edits and deletes an own reminder', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const later = await add(user, { message: '  Evening walk  ', date: '2026-01-20T18:00:00Z' });
    const sooner = await add(user, { message: 'Morning pills', date: '2026-01-16T08:00:00Z' });
    const past = await add(user, { message: 'Yesterday', date: '2026-01-14T08:00:00Z' });
    expect(later.json.message).toBe('Evening walk');
    await runDueReminders(t.app); // the past one reminds now

    const list = await call(t.app, 'GET', '/api/reminders', { token: user.token });
    expect(list.json.map((r: { id: number }) => r.id)).toEqual([
      sooner.json.id,
      later.json.id,
      past.json.id,
    ]);

    const edited = await call(t.app, 'PUT', `/api/reminders/${sooner.json.id}`, {
      token: user.token,
      body: { message: 'Morning pills with water', date: '2026-01-16T08:30:00Z' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      message: 'Morning pills with water',
      date: '2026-01-16T08:30:00.000Z',
    });

    const range = await call(
      t.app,
      'GET',
      '/api/reminders?from=2026-01-16T00:00:00Z&to=2026-01-17T00:00:00Z',
      { token: user.token },
    );
    expect(range.json.map((r: { id: number }) => r.id)).toEqual([sooner.json.id]);

    expect(
      (await call(t.app, 'DELETE', `/api/reminders/${later.json.id}`, { token: user.token }))
        .status,
    ).toBe(204);
    const after = await call(t.app, 'GET', '/api/reminders', { token: user.token });
    expect(after.json.map((r: { id: number }) => r.id)).not.toContain(later.json.id);
    // Soft: the row stays in the database.
    const [row] = await t.app.db.select().from(reminders).where(eq(reminders.id, later.json.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('a new time makes a reminder that has reminded remind again; a new message alone does not', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const created = await add(user, { message: 'Check sugar', date: '2026-01-15T08:00:00Z' });
    expect(await runDueReminders(t.app)).toBe(1);
    const id = created.json.id as number;

    const renamed = await call(t.app, 'PUT', `/api/reminders/${id}`, {
      token: user.token,
      body: { message: 'Check blood sugar', date: '2026-01-15T08:00:00Z' },
    });
    expect(renamed.json.firedAt).not.toBeNull();
    expect(await runDueReminders(t.app)).toBe(0);

    const moved = await call(t.app, 'PUT', `/api/reminders/${id}`, {
      token: user.token,
      body: { message: 'Check blood sugar', date: '2026-01-15T10:00:00Z' },
    });
    expect(moved.json.firedAt).toBeNull();
    expect(await runDueReminders(t.app)).toBe(0);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(await runDueReminders(t.app)).toBe(1);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.reminderId, id));
    expect(notes.map((n) => n.message)).toEqual(['Check sugar', 'Check blood sugar']);
    t.clock.set('2026-01-15T09:00:00.000Z');
  });

  it.each([
    [{ message: '   ', date: '2026-01-20T10:00' }, ['message']],
    [{ message: 'Pills', date: '' }, ['date']],
    [{ message: 'Pills' }, ['date']],
    [{ date: '2026-01-20T10:00' }, ['message']],
    [{}, ['message', 'date']],
    [{ message: '', date: '' }, ['message', 'date']],
  ])('missing message or time %j answers the seed message on the field', async (body, fields) => {
    const res = await add(caregiver, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(validation.reminderBoth);
    expect(Object.keys(res.json.errors).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(res.json.errors[field]).toBe(validation.reminderBoth);
  });

  it('bad values are 400 and change nothing, never a 500', async () => {
    const before = await t.app.db
      .select()
      .from(reminders)
      .where(eq(reminders.userId, caregiver.id));
    for (const body of [
      { message: 'x', date: 'next tuesday' },
      { message: 'x', date: '-200000-01-01T00:00:00Z' },
      { message: 'x', date: '2026-02-30T10:00' },
      { message: 'x'.repeat(501), date: '2026-01-20T10:00' },
      { message: 42, date: 42 },
    ]) {
      const res = await add(caregiver, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const text = await add(caregiver, 'not json');
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const put = await call(t.app, 'PUT', '/api/reminders/1', {
      token: caregiver.token,
      body: { message: ' ', date: '' },
    });
    expect(put.status).toBe(400);
    expect(put.json.message).toBe(validation.reminderBoth);
    expect(
      (await call(t.app, 'DELETE', '/api/reminders/abc', { token: caregiver.token })).status,
    ).toBe(400);
    const after = await t.app.db.select().from(reminders).where(eq(reminders.userId, caregiver.id));
    expect(after).toEqual(before);
  });

  it('nobody reads, edits or deletes another user’s reminder: 404 like a missing one', async () => {
    const mine = await add(caregiver, { message: 'Private', date: '2026-03-01T10:00:00Z' });
    const id = mine.json.id as number;

    const list = await call(t.app, 'GET', '/api/reminders', { token: other.token });
    expect(list.json.map((r: { id: number }) => r.id)).not.toContain(id);

    const edit = await call(t.app, 'PUT', `/api/reminders/${id}`, {
      token: other.token,
      body: { message: 'Hijacked', date: '2026-03-01T10:00:00Z' },
    });
    const missing = await call(t.app, 'PUT', '/api/reminders/999999', {
      token: other.token,
      body: { message: 'Hijacked', date: '2026-03-01T10:00:00Z' },
    });
    expect(edit.status).toBe(404);
    expect(edit.json).toEqual(missing.json);

    const del = await call(t.app, 'DELETE', `/api/reminders/${id}`, { token: other.token });
    expect(del.status).toBe(404);

    const [row] = await t.app.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, id), eq(reminders.userId, caregiver.id)));
    expect(row).toMatchObject({ message: 'Private', deletedAt: null });
  });

  it('a deleted reminder can be neither edited nor deleted again, and never fires', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const created = await add(user, { message: 'Gone', date: '2026-01-15T09:30:00Z' });
    const id = created.json.id as number;
    expect(
      (await call(t.app, 'DELETE', `/api/reminders/${id}`, { token: user.token })).status,
    ).toBe(204);
    expect(
      (await call(t.app, 'DELETE', `/api/reminders/${id}`, { token: user.token })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', `/api/reminders/${id}`, {
          token: user.token,
          body: { message: 'Back', date: '2026-01-15T09:30:00Z' },
        })
      ).status,
    ).toBe(404);
    t.clock.advance(60 * 60 * 1000);
    await runDueReminders(t.app);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.reminderId, id));
    expect(notes).toEqual([]);
    t.clock.set('2026-01-15T09:00:00.000Z');
  });
});
