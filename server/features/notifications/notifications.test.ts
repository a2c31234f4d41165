import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { csvTable, exportRowsOf } from '../../test/csv.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from '../../test/sse.ts';
import { REPLAY_LIMIT } from './live.ts';
import { createNotifications } from './notifications.service.ts';

describe('notifications API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let base: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { streamHeartbeatMs: 150 } });
    alice = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    bob = await createUser(t.app.db, { role: 'caregiver', privileges: 'viewer' });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const notify = (user: TestUser, message: string, at = t.clock.now()) =>
    t.app.db.transaction((tx) =>
      createNotifications(tx, at, [
        { userId: user.id, message, kind: 'appointment', link: '/patient-appointments' },
      ]),
    );
  const stream = async (user: TestUser) => {
    const client = await openEventStream(`${base}/api/notifications/stream`, user.token);
    streams.push(client);
    return client;
  };

  it('lists own open notifications newest first, paged, with the total and the unread count', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    for (let i = 0; i < 5; i += 1) {
      await notify(user, `Note ${i}`, new Date(Date.UTC(2026, 0, 10 + i)));
    }
    await notify(alice, 'Not yours');
    const page = await call(t.app, 'GET', '/api/notifications?limit=2&offset=1', {
      token: user.token,
    });
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json.map((n: { message: string }) => n.message)).toEqual(['Note 3', 'Note 2']);
    expect(page.json[0]).toEqual({
      id: expect.any(Number),
      message: 'Note 3',
      kind: 'appointment',
      link: '/patient-appointments',
      createdAt: '2026-01-13T00:00:00.000Z',
    });
    const count = await call(t.app, 'GET', '/api/notifications/unread-count', {
      token: user.token,
    });
    expect(count.json).toEqual({ count: 5 });

    const dismissed = await call(t.app, 'POST', `/api/notifications/${page.json[0].id}/dismiss`, {
      token: user.token,
    });
    expect(dismissed.status).toBe(204);
    const after = await call(t.app, 'GET', '/api/notifications', { token: user.token });
    expect(after.json.map((n: { message: string }) => n.message)).toEqual([
      'Note 4',
      'Note 2',
      'Note 1',
      'Note 0',
    ]);
    expect(
      (await call(t.app, 'GET', '/api/notifications/unread-count', { token: user.token })).json,
    ).toEqual({ count: 4 });
    // Dismissing again is fine (two tabs may both click).
    expect(
      (
        await call(t.app, 'POST', `/api/notifications/${page.json[0].id}/dismiss`, {
          token: user.token,
        })
      ).status,
    ).toBe(204);
  });

  it('downloads own open notifications as CSV: newest first, formulas neutralised, audited once', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    await notify(user, 'Older', new Date('2026-02-01T09:00:00Z'));
    await notify(user, '=HYPERLINK("http://evil.example","x")', new Date('2026-02-02T09:00:00Z'));
    await notify(alice, 'Not yours');
    const before = await exportRowsOf(t.app.db, 'notification');
    const res = await call(t.app, 'GET', '/api/notifications.csv', {
      token: user.token,
      headers: { 'x-time-zone': 'UTC' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /filename="notifications-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvTable(res.response.body);
    expect(rows.map((r) => r.Message)).toEqual([
      '\'=HYPERLINK("http://evil.example","x")',
      'Older',
    ]);
    expect(rows[1]).toMatchObject({ Kind: 'appointment', Link: '/patient-appointments' });
    expect(await exportRowsOf(t.app.db, 'notification')).toBe(before + 1);
    // A bad query is the list's own 400, and nothing is exported.
    const bad = await call(t.app, 'GET', '/api/notifications.csv?offset=-1', { token: user.token });
    expect(bad.status).toBe(400);
    expect(await exportRowsOf(t.app.db, 'notification')).toBe(before + 1);
  });

  it('nobody reads or dismisses another user’s notification: 404 like a missing one', async () => {
    const [created] = await notify(alice, 'Your appointment was moved');
    const id = created!.id;
    const list = await call(t.app, 'GET', '/api/notifications', { token: bob.token });
    expect(list.json.map((n: { id: number }) => n.id)).not.toContain(id);
    const theirs = await call(t.app, 'POST', `/api/notifications/${id}/dismiss`, {
      token: bob.token,
    });
    const missing = await call(t.app, 'POST', '/api/notifications/99999999/dismiss', {
      token: bob.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.dismissedAt).toBeNull();
  });

  it('a bad id is a 400 and a guest is refused', async () => {
    expect(
      (await call(t.app, 'POST', '/api/notifications/abc/dismiss', { token: bob.token })).status,
    ).toBe(400);
    expect((await call(t.app, 'GET', '/api/notifications')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/notifications/unread-count')).status).toBe(401);
    const guest = await createUser(t.app.db, { role: 'nobody' });
    expect((await call(t.app, 'GET', '/api/notifications', { token: guest.token })).status).toBe(
      403,
    );
  });

  it('the OpenAPI document describes the notification and reminder routes', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/{id}/dismiss',
        '/api/notifications/stream',
        '/api/reminders',
        '/api/reminders/{id}',
      ]),
    );
  });

  it('the stream needs a session', async () => {
    const res = await openEventStream(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    await res.ended;
  });

  it('a committed notification reaches only its owner’s open streams, live', async () => {
    const mine = await stream(alice);
    const theirs = await stream(bob);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toContain('text/event-stream');
    expect(mine.headers.get('cache-control')).toBe('no-store');

    const [created] = await notify(alice, 'Appointment booked for Jan 20');
    const event = await mine.next((e) => e.event === 'notification');
    expect(event.data).toEqual({
      id: created!.id,
      message: 'Appointment booked for Jan 20',
      kind: 'appointment',
      link: '/patient-appointments',
      createdAt: t.clock.now().toISOString(),
    });
    // Bob's stream stays quiet about Alice's notification.
    await notify(bob, 'For Bob');
    await theirs.next((e) => e.event === 'notification');
    expect(theirs.events.map((e) => (e.data as { message: string }).message)).toEqual(['For Bob']);
  });

  it('a notification created in a transaction that rolls back is never pushed', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const client = await stream(user);
    await t.app.db
      .transaction(async (tx) => {
        await createNotifications(tx, t.clock.now(), [
          { userId: user.id, message: 'Never happened', kind: 'system' },
        ]);
        throw new Error('rollback');
      })
      .catch(() => {});
    await notify(user, 'Happened');
    const event = await client.next((e) => e.event === 'notification');
    expect((event.data as { message: string }).message).toBe('Happened');
    expect(client.events).toHaveLength(1);
  });

  it('the notices of one change are stored as given and reach each one’s stream, in any number', async () => {
    const first = await createUser(t.app.db, { role: 'caregiver' });
    const second = await createUser(t.app.db, { role: 'doctor' });
    const [firstStream, secondStream] = [await stream(first), await stream(second)];
    const at = new Date('2026-03-04T05:06:07.089Z');
    const created = await t.app.db.transaction((tx) =>
      createNotifications(tx, t.clock.now(), [
        { userId: second.id, message: 'Visit at {at}', kind: 'system', at },
        { userId: first.id, message: 'No link', kind: 'prescription', link: null },
        { userId: second.id, message: 'With link', kind: 'appointment', link: '/appointments' },
      ]),
    );
    expect(created.map((row) => row.userId)).toEqual([second.id, first.id, second.id]);
    expect(created[0]!.id).toBeLessThan(created[1]!.id);
    const stored = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, second.id))
      .orderBy(notifications.id);
    expect(stored).toMatchObject([
      { message: 'Visit at {at}', kind: 'system', link: null, at, reminderId: null },
      { message: 'With link', kind: 'appointment', link: '/appointments', at: null },
    ]);
    expect(stored[0]!.createdAt).toEqual(t.clock.now());
    await firstStream.next((e) => e.event === 'notification');
    await secondStream.next(
      (e) => e.event === 'notification' && (e.data as { id: number }).id === created[2]!.id,
    );
    expect(firstStream.events.map((e) => (e.data as { message: string }).message)).toEqual([
      'No link',
    ]);

    // More than one NOTIFY carries: every notice still reaches the stream.
    const many = await t.app.db.transaction((tx) =>
      createNotifications(
        tx,
        t.clock.now(),
        Array.from({ length: 205 }, (_, i) => ({
          userId: first.id,
          message: `Round ${i}`,
          kind: 'system' as const,
        })),
      ),
    );
    expect(many).toHaveLength(205);
    await firstStream.next(
      (e) => e.event === 'notification' && (e.data as { id: number }).id === many.at(-1)!.id,
    );
    expect(firstStream.events.filter((e) => e.event === 'notification')).toHaveLength(206);
  });

  it('a dismissal in one tab reaches the user’s other open streams', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const tabA = await stream(user);
    const tabB = await stream(user);
    const [created] = await notify(user, 'Dismiss me');
    await tabA.next((e) => e.event === 'notification');
    await tabB.next((e) => e.event === 'notification');
    await call(t.app, 'POST', `/api/notifications/${created!.id}/dismiss`, { token: user.token });
    for (const tab of [tabA, tabB]) {
      const event = await tab.next((e) => e.event === 'dismissed');
      expect(event.data).toEqual({ id: created!.id });
    }
  });

  it('an appointment booked for a patient reaches the patient’s open stream', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    const patientUser = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const patient = await createPatient(t.app.db, { careTeam: [doctor], account: patientUser });
    const client = await stream(patientUser);
    const booked = await call(t.app, 'POST', '/api/appointments', {
      token: doctor.token,
      body: { patientId: patient.id, appointmentDate: '2026-02-01T10:00:00Z', location: 'Clinic' },
    });
    expect(booked.status).toBe(201);
    const event = await client.next((e) => e.event === 'notification');
    expect(event.data).toMatchObject({ kind: 'appointment', link: expect.any(String) });
  });

  it('a reconnecting stream gets what it missed after its Last-Event-ID, oldest first, then live', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const first = await stream(user);
    // A new stream starts at the user's latest notification (none yet).
    await expect.poll(() => first.lastEventId()).toBe('0');
    const [seen] = await notify(user, 'Seen');
    expect((await first.next((e) => e.event === 'notification')).id).toBe(String(seen!.id));
    first.close();

    const [missedA] = await notify(user, 'Missed A');
    const [gone] = await notify(user, 'Dismissed meanwhile');
    await call(t.app, 'POST', `/api/notifications/${gone!.id}/dismiss`, { token: user.token });
    const [missedB] = await notify(user, 'Missed B');
    const again = await openEventStream(`${base}/api/notifications/stream`, user.token, {
      'last-event-id': first.lastEventId()!,
    });
    streams.push(again);
    await again.next((e) => e.id === String(missedB!.id));
    const [live] = await notify(user, 'Live again');
    await again.next((e) => e.id === String(live!.id));
    expect(
      again.events.map((e) => [e.event, e.id, (e.data as { message: string }).message]),
    ).toEqual([
      ['notification', String(missedA!.id), 'Missed A'],
      ['notification', String(missedB!.id), 'Missed B'],
      ['notification', String(live!.id), 'Live again'],
    ]);
  });

  it('a stream opened without a Last-Event-ID is marked with the latest id; ?lastEventId= replays too', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const [older] = await notify(user, 'Older');
    const [newer] = await notify(user, 'Newer');
    const fresh = await stream(user);
    await expect.poll(() => fresh.lastEventId()).toBe(String(newer!.id));
    expect(fresh.events).toEqual([]);

    const byQuery = await openEventStream(
      `${base}/api/notifications/stream?lastEventId=${older!.id}`,
      user.token,
    );
    streams.push(byQuery);
    const replayed = await byQuery.next((e) => e.event === 'notification');
    expect(replayed).toMatchObject({ id: String(newer!.id), data: { message: 'Newer' } });

    // Anything that is not an id is no position: the stream starts as a new one.
    const junk = await openEventStream(`${base}/api/notifications/stream`, user.token, {
      'last-event-id': 'yesterday',
    });
    streams.push(junk);
    expect(junk.status).toBe(200);
    await expect.poll(() => junk.lastEventId()).toBe(String(newer!.id));
    expect(junk.events).toEqual([]);
    const tooLong = await call(
      t.app,
      'GET',
      `/api/notifications/stream?lastEventId=${'9'.repeat(40)}`,
      { token: user.token },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toEqual(expect.any(String));
  });

  it('more missed than can be replayed: resync, and the stream goes on from the latest id', async () => {
    const user = await createUser(t.app.db, { role: 'caregiver' });
    const created = await t.app.db.transaction((tx) =>
      createNotifications(
        tx,
        t.clock.now(),
        Array.from({ length: REPLAY_LIMIT + 1 }, (_, i) => ({
          userId: user.id,
          message: `Many ${i}`,
          kind: 'system' as const,
        })),
      ),
    );
    const client = await openEventStream(`${base}/api/notifications/stream`, user.token, {
      'last-event-id': '0',
    });
    streams.push(client);
    await client.next((e) => e.event === 'resync');
    await expect.poll(() => client.lastEventId()).toBe(String(created.at(-1)!.id));
    expect(client.events.map((e) => e.event)).toEqual(['resync']);
  });

  it('the stream pings and ends when its session ends', async () => {
    const user = await createUser(t.app.db, { role: 'doctor' });
    const client = await stream(user);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(client.comments.filter((c) => c === 'ping').length).toBeGreaterThan(0);
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, user.id));
    await Promise.race([
      client.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 3000)),
    ]);
  });

  it('closing the app ends open streams instead of waiting for them', async () => {
    const other = await createTestApp();
    const user = await createUser(other.app.db, { role: 'doctor' });
    const url = await listenLocally(other.app);
    const client = await openEventStream(`${url}/api/notifications/stream`, user.token);
    expect(client.status).toBe(200);
    await other.close();
    await client.ended;
  });
});
