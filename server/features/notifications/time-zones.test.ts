import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from '../../test/sse.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { formatDateTimeWithZone } from '../../../shared/format.ts';
import { createNotifications } from './notifications.service.ts';

describe('notification times in the reader’s zone', () => {
  let t: TestApp;
  let base: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { streamHeartbeatMs: 150 } });
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  /** A patient with an account, and an appointment booked for them at 10:00 UTC. */
  const booked = async () => {
    // A doctor of their own each time: one doctor is not booked twice at the same time.
    const doctor = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    const reader = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const patient = await createPatient(t.app.db, { careTeam: [doctor], account: reader });
    const made = await call(t.app, 'POST', '/api/appointments', {
      token: doctor.token,
      body: { patientId: patient.id, appointmentDate: '2026-12-20T10:00:00Z', location: 'Clinic' },
    });
    expect(made.status).toBe(201);
    return reader;
  };
  const messages = async (reader: TestUser, headers: Record<string, string> = {}) => {
    const page = await call(t.app, 'GET', '/api/notifications', { token: reader.token, headers });
    expect(page.status).toBe(200);
    return page.json.map((n: { message: string }) => n.message) as string[];
  };

  it('stores the time once and writes it in the browser’s zone for each reader', async () => {
    const reader = await booked();
    const [row] = await t.app.db
      .select({ message: notifications.message, at: notifications.at })
      .from(notifications)
      .where(eq(notifications.userId, reader.id));
    expect(row!.message).toBe('New appointment on {at} at Clinic');
    expect(row!.at?.toISOString()).toBe('2026-12-20T10:00:00.000Z');

    expect(await messages(reader, { 'x-time-zone': 'America/New_York' })).toEqual([
      'New appointment on Dec 20, 2026, 05:00 AM EST at Clinic',
    ]);
    expect(await messages(reader, { 'x-time-zone': 'Europe/London' })).toEqual([
      'New appointment on Dec 20, 2026, 10:00 AM GMT at Clinic',
    ]);
  });

  it('the saved zone wins over the browser’s; a bad header falls back to the agency’s', async () => {
    const reader = await booked();
    const saved = await call(t.app, 'PUT', '/api/users/me/settings', {
      token: reader.token,
      body: { timeZone: 'America/New_York' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.timeZone).toBe('America/New_York');
    expect(await messages(reader, { 'x-time-zone': 'Europe/London' })).toEqual([
      'New appointment on Dec 20, 2026, 05:00 AM EST at Clinic',
    ]);

    await call(t.app, 'PUT', '/api/users/me/settings', {
      token: reader.token,
      body: { timeZone: null },
    });
    const agency = (await loadAgencySettings(t.app.db)).timeZone;
    const expected = `New appointment on ${formatDateTimeWithZone('2026-12-20T10:00:00Z', agency)} at Clinic`;
    expect(await messages(reader, { 'x-time-zone': 'Not/AZone' })).toEqual([expected]);
    expect(await messages(reader)).toEqual([expected]);
  });

  it('old texts without a time stay as they are', async () => {
    const reader = await createUser(t.app.db, { role: 'caregiver' });
    await t.app.db.transaction((tx) =>
      createNotifications(tx, t.clock.now(), [
        { userId: reader.id, message: 'Visit on Dec 20, 2026, 10:00 AM UTC', kind: 'visit' },
      ]),
    );
    expect(await messages(reader, { 'x-time-zone': 'America/New_York' })).toEqual([
      'Visit on Dec 20, 2026, 10:00 AM UTC',
    ]);
  });

  it('the live stream writes the time in its reader’s zone', async () => {
    const doctor = await createUser(t.app.db, { role: 'doctor', privileges: 'editor' });
    const reader = await createUser(t.app.db, { role: 'patient', privileges: 'viewer' });
    const patient = await createPatient(t.app.db, { careTeam: [doctor], account: reader });
    const client = await openEventStream(
      `${base}/api/notifications/stream?timeZone=America/New_York`,
      reader.token,
    );
    streams.push(client);
    await call(t.app, 'POST', '/api/appointments', {
      token: doctor.token,
      body: { patientId: patient.id, appointmentDate: '2026-12-20T10:00:00Z', location: 'Clinic' },
    });
    const event = await client.next((e) => e.event === 'notification');
    expect((event.data as { message: string }).message).toBe(
      'New appointment on Dec 20, 2026, 05:00 AM EST at Clinic',
    );
  });

  it('a time zone that is not one is a 400 that changes nothing', async () => {
    const reader = await createUser(t.app.db, { role: 'doctor' });
    await call(t.app, 'PUT', '/api/users/me/settings', {
      token: reader.token,
      body: { timeZone: 'Europe/London' },
    });
    for (const timeZone of ['Mars/Olympus', '', 42]) {
      const refused = await call(t.app, 'PUT', '/api/users/me/settings', {
        token: reader.token,
        body: { timeZone, darkMode: true },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain('The time zone must be a zone such as Europe/London.');
    }
    const [row] = await t.app.db
      .select({ timeZone: users.timeZone, darkMode: users.darkMode })
      .from(users)
      .where(eq(users.id, reader.id));
    expect(row).toEqual({ timeZone: 'Europe/London', darkMode: false });
    const settings = await call(t.app, 'GET', '/api/users/me/settings', { token: reader.token });
    expect(settings.json.timeZone).toBe('Europe/London');
    const me = await call(t.app, 'GET', '/api/users/me', { token: reader.token });
    expect(me.json.settings.timeZone).toBe('Europe/London');
  });
});
