import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { notifications, users, vitalSigns } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { listenLocally, openEventStream, type SseClient } from '../../test/sse.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

const alert = (findings: string) => thresholdTexts.alert('Ada Lovelace', findings);

describe('alerts of readings outside the patient’s ranges', () => {
  let t: TestApp;
  let db: Db;
  let doctorA: TestUser;
  let doctorB: TestUser;
  let inactiveDoctor: TestUser;
  let offTeamDoctor: TestUser;
  let supervisor: TestUser;
  let admin: TestUser;
  let caregiver: TestUser;
  let otherCaregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;
  let base: string;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { streamHeartbeatMs: 150 } });
    db = t.database.db;
    doctorA = await createUser(db, { role: 'doctor', privileges: 'editor' });
    doctorB = await createUser(db, { role: 'doctor', privileges: 'viewer' });
    inactiveDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    offTeamDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    otherCaregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctorA, doctorB, inactiveDoctor, caregiver, otherCaregiver],
        account: patientUser,
      })
    ).id;
    // Deactivated after joining the team: no longer told anything.
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactiveDoctor.id));
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  let minute = 0;
  /** A reading a few minutes after the last one, with the given measurements. */
  const reading = (values: Record<string, unknown>, id = patientId) => {
    minute += 1;
    return {
      patientId: id,
      takenAt: new Date(Date.UTC(2026, 0, 10, 8, minute)).toISOString(),
      ...values,
    };
  };
  const record = async (user: TestUser, values: Record<string, unknown>, id = patientId) => {
    const res = await call(t.app, 'POST', '/api/vital-signs', {
      token: user.token,
      body: reading(values, id),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: number };
  };
  const edit = async (user: TestUser, id: number, values: Record<string, unknown>) => {
    const res = await call(t.app, 'PUT', `/api/vital-signs/${id}`, {
      token: user.token,
      body: reading(values),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  const alerts = () =>
    db
      .select({
        userId: notifications.userId,
        message: notifications.message,
        kind: notifications.kind,
        link: notifications.link,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.kind, 'vital-sign'))
      .orderBy(asc(notifications.id));
  /** The alerts created while `action` runs. */
  const alertsOf = async (action: () => Promise<unknown>) => {
    const before = (await alerts()).length;
    await action();
    return (await alerts()).slice(before);
  };
  const alertedAt = async (id: number) =>
    (await db.select().from(vitalSigns).where(eq(vitalSigns.id, id)))[0]!.alertedAt;

  it('a caregiver’s reading out of range tells each doctor on the team and the caregiver, once', async () => {
    t.clock.set(new Date('2026-01-10T09:00:00.000Z'));
    let created: { id: number } | undefined;
    const sent = await alertsOf(async () => {
      created = await record(caregiver, { systolic: 128, diastolic: 82, pulse: 128 });
    });
    const message = alert('pulse 128 /min (range 50–100 /min)');
    expect(sent).toEqual(
      [doctorA, doctorB, caregiver].map((user) => ({
        userId: user.id,
        message,
        kind: 'vital-sign',
        link: `/patients/${patientId}`,
        createdAt: new Date('2026-01-10T09:00:00.000Z'),
      })),
    );
    // Neither the inactive doctor, nor doctors off the team, nor the other caregiver.
    const told = sent.map((n) => n.userId);
    for (const user of [inactiveDoctor, offTeamDoctor, supervisor, admin, otherCaregiver]) {
      expect(told).not.toContain(user.id);
    }
    expect(await alertedAt(created!.id)).toEqual(new Date('2026-01-10T09:00:00.000Z'));
    const listed = await call(t.app, 'GET', '/api/notifications', { token: doctorA.token });
    expect(listed.json[0]).toMatchObject({ kind: 'vital-sign', message });
  });

  it('names every value out of range with its unit and range, in the order of the ranges', async () => {
    const sent = await alertsOf(() =>
      record(caregiver, {
        systolic: 178,
        diastolic: 104,
        pulse: 72,
        temperatureC: 38.6,
        spo2: 88,
        glucoseMmolL: 15.2,
        pain: 8,
      }),
    );
    expect(sent[0]!.message).toBe(
      alert(
        'systolic 178 mmHg (range 90–140 mmHg), diastolic 104 mmHg (range 60–90 mmHg), ' +
          'temperature 38.6 °C (range 36–37.8 °C), SpO2 88 % (range ≥ 94 %), ' +
          'blood glucose 15.2 mmol/L (range 4–10 mmol/L), pain 8 (range ≤ 3)',
      ),
    );
  });

  it('a reading within the ranges, bounds included, tells nobody and stays unalerted', async () => {
    let created: { id: number } | undefined;
    const sent = await alertsOf(async () => {
      created = await record(caregiver, {
        systolic: 140,
        diastolic: 60,
        pulse: 100,
        respiratoryRate: 12,
        temperatureC: 37.8,
        spo2: 94,
        glucoseMmolL: 4,
        weightKg: 120,
        pain: 3,
      });
    });
    expect(sent).toEqual([]);
    expect(await alertedAt(created!.id)).toBeNull();
  });

  it('a reading alerts exactly once across edits, a delete and a restore', async () => {
    const created = await record(caregiver, { pulse: 130 });
    const again = await alertsOf(async () => {
      await edit(caregiver, created.id, { pulse: 140 });
      await edit(doctorA, created.id, { pulse: 140, spo2: 85 });
      const removed = await call(t.app, 'DELETE', `/api/vital-signs/${created.id}`, {
        token: caregiver.token,
      });
      expect(removed.status).toBe(204);
      const restored = await call(t.app, 'POST', `/api/vital-signs/${created.id}/restore`, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      await edit(caregiver, created.id, { pulse: 72 });
      await edit(caregiver, created.id, { pulse: 150 });
    });
    expect(again).toEqual([]);
  });

  it('a reading edited out of range alerts then, and only then', async () => {
    const created = await record(caregiver, { pulse: 72 });
    expect(await alertedAt(created.id)).toBeNull();
    t.clock.set(new Date('2026-01-10T10:00:00.000Z'));
    const sent = await alertsOf(() => edit(doctorA, created.id, { pulse: 45 }));
    // The caregiver who took it hears of it, not the doctor's fellow caregiver.
    expect(sent.map((n) => n.userId)).toEqual([doctorA.id, doctorB.id, caregiver.id]);
    expect(sent[0]!.message).toBe(alert('pulse 45 /min (range 50–100 /min)'));
    expect(await alertedAt(created.id)).toEqual(new Date('2026-01-10T10:00:00.000Z'));
    expect(await alertsOf(() => edit(caregiver, created.id, { pulse: 44 }))).toEqual([]);
  });

  it('a doctor’s own reading tells the doctors of the team, the doctor included', async () => {
    const sent = await alertsOf(() => record(doctorA, { respiratoryRate: 26 }));
    expect(sent.map((n) => n.userId)).toEqual([doctorA.id, doctorB.id]);
    expect(sent[0]!.message).toBe(alert('respiratory rate 26 /min (range 12–20 /min)'));
  });

  it('a patient’s home reading alerts the care team’s doctors', async () => {
    const sent = await alertsOf(() =>
      record(patientUser, { systolic: 182, diastolic: 95, weightKg: 70.2 }),
    );
    expect(sent.map((n) => n.userId)).toEqual([doctorA.id, doctorB.id]);
    expect(sent[0]!.message).toBe(
      alert('systolic 182 mmHg (range 90–140 mmHg), diastolic 95 mmHg (range 60–90 mmHg)'),
    );
  });

  it('a supervisor off the team records for any patient: the team’s doctors hear of it', async () => {
    const sent = await alertsOf(() => record(supervisor, { spo2: 80 }));
    expect(sent.map((n) => n.userId)).toEqual([doctorA.id, doctorB.id]);
  });

  it('the patient’s own ranges decide, not the defaults', async () => {
    const set = await call(t.app, 'PUT', `/api/patients/${patientId}/vital-ranges`, {
      token: doctorA.token,
      body: {
        ranges: {
          pulse: { low: 40, high: 130 },
          spo2: { low: 96, high: null },
          weightKg: { low: 60, high: 80 },
        },
      },
    });
    expect(set.status).toBe(200);
    // Out of the default range, inside the patient's own: nobody is told.
    expect(await alertsOf(() => record(caregiver, { pulse: 125 }))).toEqual([]);
    // Inside the default range, outside the patient's own.
    const sent = await alertsOf(() => record(caregiver, { spo2: 95, weightKg: 82.5 }));
    expect(sent).toHaveLength(3);
    expect(sent[0]!.message).toBe(
      alert('SpO2 95 % (range ≥ 96 %), weight 82.5 kg (range 60–80 kg)'),
    );
    // Back to the default: the default decides again.
    await call(t.app, 'PUT', `/api/patients/${patientId}/vital-ranges`, {
      token: doctorA.token,
      body: { ranges: { pulse: null, spo2: null, weightKg: null } },
    });
    expect(await alertsOf(() => record(caregiver, { pulse: 125 }))).toHaveLength(3);
  });

  it('another patient’s ranges and team are theirs alone', async () => {
    const otherDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    const other = (await createPatient(db, { careTeam: [otherDoctor, caregiver] })).id;
    await call(t.app, 'PUT', `/api/patients/${other}/vital-ranges`, {
      token: otherDoctor.token,
      body: { ranges: { pulse: { low: 40, high: 140 } } },
    });
    expect(await alertsOf(() => record(caregiver, { pulse: 135 }, other))).toEqual([]);
    const sent = await alertsOf(() => record(caregiver, { pulse: 135 }));
    expect(sent.map((n) => n.userId)).toEqual([doctorA.id, doctorB.id, caregiver.id]);
  });

  it('each reader sees the values in their own units', async () => {
    await call(t.app, 'PUT', '/api/users/me/settings', {
      token: doctorB.token,
      body: { temperatureUnit: 'F', glucoseUnit: 'mg/dL' },
    });
    const sent = await alertsOf(() => record(caregiver, { temperatureC: 38.6, glucoseMmolL: 2.8 }));
    const byUser = new Map(sent.map((n) => [n.userId, n.message]));
    expect(byUser.get(doctorA.id)).toBe(
      alert('temperature 38.6 °C (range 36–37.8 °C), blood glucose 2.8 mmol/L (range 4–10 mmol/L)'),
    );
    expect(byUser.get(doctorB.id)).toBe(
      alert(
        'temperature 101.5 °F (range 96.8–100 °F), blood glucose 50 mg/dL (range 72–180 mg/dL)',
      ),
    );
    await db
      .update(users)
      .set({ temperatureUnit: 'C', glucoseUnit: 'mmol/L' })
      .where(eq(users.id, doctorB.id));
  });

  it('a refused or invalid reading alerts nobody', async () => {
    const sent = await alertsOf(async () => {
      const outside = await call(t.app, 'POST', '/api/vital-signs', {
        token: offTeamDoctor.token,
        body: reading({ pulse: 150 }),
      });
      expect(outside.status).toBe(404);
      const invalid = await call(t.app, 'POST', '/api/vital-signs', {
        token: caregiver.token,
        body: reading({ pulse: 150, systolic: 120 }),
      });
      expect(invalid.status).toBe(400);
    });
    expect(sent).toEqual([]);
  });

  it('the alert reaches the open streams of the doctors as it is committed', async () => {
    const stream = await openEventStream(`${base}/api/notifications/stream`, doctorA.token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const quiet = await openEventStream(`${base}/api/notifications/stream`, offTeamDoctor.token);
    streams.push(quiet);
    await record(caregiver, { pulse: 160 });
    const event = await stream.next((e) => e.event === 'notification');
    expect(event.data).toMatchObject({
      kind: 'vital-sign',
      message: alert('pulse 160 /min (range 50–100 /min)'),
      link: `/patients/${patientId}`,
    });
    // A notice to someone else that follows reaches the outsider's stream; the alert never did.
    await db.transaction((tx) =>
      createNotifications(tx, t.clock.now(), [
        { userId: offTeamDoctor.id, message: 'Marker', kind: 'system' },
      ]),
    );
    await quiet.next((e) => e.event === 'notification');
    expect(quiet.events.map((e) => (e.data as { message: string }).message)).toEqual(['Marker']);
  });

  it('alerted readings keep their flag in the database only: the answer is unchanged', async () => {
    const created = await record(caregiver, { pulse: 170 });
    const res = await call(t.app, 'GET', `/api/vital-signs/${created.id}`, {
      token: doctorA.token,
    });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('alertedAt');
    expect(
      await db.$count(
        notifications,
        and(eq(notifications.kind, 'vital-sign'), eq(notifications.userId, caregiver.id)),
      ),
    ).toBeGreaterThan(0);
  });
});
