import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdTexts } from '../../../shared/messages.ts';
import { defaultVitalRanges, rangesWith } from '../../../shared/vital-thresholds.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, vitalThresholds } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

describe('vital ranges', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let viewerDoctor: TestUser;
  let outsider: TestUser;
  let supervisor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    viewerDoctor = await createUser(db, { role: 'doctor', privileges: 'viewer' });
    outsider = await createUser(db, { role: 'doctor', privileges: 'editor' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, viewerDoctor, caregiver],
        account: patientUser,
      })
    ).id;
  });
  afterAll(() => t.close());

  const url = (id: number) => `/api/patients/${id}/vital-ranges`;
  const get = (user: TestUser, id = patientId) =>
    call(t.app, 'GET', url(id), { token: user.token });
  const put = (user: TestUser, body: unknown, id = patientId) =>
    call(t.app, 'PUT', url(id), { token: user.token, body });
  const storedRows = (id = patientId) =>
    db
      .select({
        measurement: vitalThresholds.measurement,
        low: vitalThresholds.low,
        high: vitalThresholds.high,
        setBy: vitalThresholds.setBy,
      })
      .from(vitalThresholds)
      .where(eq(vitalThresholds.patientId, id))
      .orderBy(asc(vitalThresholds.measurement));
  const auditRows = (entity = 'vital-ranges') =>
    db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));
  const lastAudit = async (userId: number) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, userId))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it('a patient without ranges of their own has the default of every measurement', async () => {
    const res = await get(doctor);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(rangesWith({}));
    expect(res.json.pulse).toEqual({ low: 50, high: 100, isDefault: true });
    expect(res.json.spo2).toEqual({ low: 94, high: null, isDefault: true });
    expect(res.json.weightKg).toEqual({ low: null, high: null, isDefault: true });
    expect(await lastAudit(doctor.id)).toMatchObject({
      action: 'read',
      entity: 'vital-ranges',
      entityId: String(patientId),
      patientId,
      outcome: 'success',
    });
  });

  it('the care team, the patient and a supervisor read the ranges', async () => {
    for (const reader of [caregiver, patientUser, viewerDoctor, supervisor]) {
      const res = await get(reader);
      expect(res.status, reader.username).toBe(200);
      expect(res.json.systolic).toEqual({ ...defaultVitalRanges.systolic, isDefault: true });
    }
  });

  it('a doctor on the care team sets ranges; the rest stay at the default', async () => {
    const auditBefore = (await auditRows()).length;
    const res = await put(doctor, {
      ranges: { pulse: { low: 55, high: 110 }, spo2: { low: 90, high: null } },
    });
    expect(res.status).toBe(200);
    expect(res.json.pulse).toEqual({ low: 55, high: 110, isDefault: false });
    expect(res.json.spo2).toEqual({ low: 90, high: null, isDefault: false });
    expect(res.json.systolic).toEqual({ low: 90, high: 140, isDefault: true });
    expect(await storedRows()).toEqual([
      { measurement: 'pulse', low: 55, high: 110, setBy: doctor.id },
      { measurement: 'spo2', low: 90, high: null, setBy: doctor.id },
    ]);
    // One audit row for the change, in the patient's name.
    const rows = await auditRows();
    expect(rows).toHaveLength(auditBefore + 1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity: 'vital-ranges',
      entityId: String(patientId),
      patientId,
      userId: doctor.id,
      role: 'doctor',
      outcome: 'success',
    });
    expect((await get(patientUser)).json).toEqual(res.json);
  });

  it('a range is replaced, a null returns it to the default, and what is left out stays', async () => {
    const other = await createUser(db, { role: 'doctor', privileges: 'editor' });
    const p = (await createPatient(db, { careTeam: [doctor, other] })).id;
    await put(
      doctor,
      { ranges: { pulse: { low: 55, high: 110 }, pain: { low: null, high: 5 } } },
      p,
    );
    const res = await put(
      other,
      { ranges: { pulse: null, temperatureC: { low: 35.8, high: 37.5 }, pain: undefined } },
      p,
    );
    expect(res.status).toBe(200);
    expect(res.json.pulse).toEqual({ low: 50, high: 100, isDefault: true });
    expect(res.json.temperatureC).toEqual({ low: 35.8, high: 37.5, isDefault: false });
    expect(res.json.pain).toEqual({ low: null, high: 5, isDefault: false });
    expect(await storedRows(p)).toEqual([
      { measurement: 'pain', low: null, high: 5, setBy: doctor.id },
      { measurement: 'temperatureC', low: 35.8, high: 37.5, setBy: other.id },
    ]);
  });

  it('resetting a measurement that has no range of its own changes nothing but is fine', async () => {
    const p = (await createPatient(db, { careTeam: [doctor] })).id;
    const res = await put(doctor, { ranges: { glucoseMmolL: null } }, p);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(rangesWith({}));
    expect(await storedRows(p)).toEqual([]);
  });

  it('a supervisor sets the ranges of any patient of the agency', async () => {
    const p = (await createPatient(db, {})).id;
    const res = await put(supervisor, { ranges: { systolic: { low: 100, high: 160 } } }, p);
    expect(res.status).toBe(200);
    expect(await storedRows(p)).toEqual([
      { measurement: 'systolic', low: 100, high: 160, setBy: supervisor.id },
    ]);
  });

  it('caregivers, patients and doctor viewers may not set ranges (403, audited, nothing changed)', async () => {
    const before = await storedRows();
    for (const user of [caregiver, patientUser, viewerDoctor]) {
      const res = await put(user, { ranges: { pulse: { low: 40, high: 150 } } });
      expect(res.status, user.username).toBe(403);
      expect(await lastAudit(user.id)).toMatchObject({
        action: 'denied',
        entity: 'vital-ranges',
        entityId: String(patientId),
        outcome: 'denied',
      });
    }
    expect(await storedRows()).toEqual(before);
  });

  it('a patient outside the caller’s scope answers 404 like a missing one, audited, unchanged', async () => {
    const missing = await get(outsider, 999_999);
    expect(missing.status).toBe(404);
    const read = await get(outsider);
    expect(read.status).toBe(404);
    expect(read.json).toEqual(missing.json);
    expect(await lastAudit(outsider.id)).toMatchObject({
      action: 'denied',
      entity: 'vital-ranges',
      patientId,
    });
    const before = await storedRows();
    const changed = await put(outsider, { ranges: { pulse: { low: 40, high: 150 } } });
    expect(changed.status).toBe(404);
    expect(changed.json).toEqual(missing.json);
    expect(await storedRows()).toEqual(before);
    expect(await lastAudit(outsider.id)).toMatchObject({ action: 'denied', patientId });
    // Someone else's patient is out of reach for a patient account too.
    const other = (await createPatient(db, { careTeam: [doctor] })).id;
    expect((await get(patientUser, other)).status).toBe(404);
  });

  const bad: [string, unknown, Record<string, string>][] = [
    [
      'a lower bound not below the upper one',
      { ranges: { pulse: { low: 100, high: 100 } } },
      { 'ranges.pulse.high': thresholdTexts.lowBelowHigh },
    ],
    [
      'a lower bound above the upper one',
      { ranges: { systolic: { low: 150, high: 120 } } },
      { 'ranges.systolic.high': thresholdTexts.lowBelowHigh },
    ],
    [
      'a bound below the physiological range',
      { ranges: { pulse: { low: 10, high: 100 } } },
      { 'ranges.pulse.low': thresholdTexts.boundOutOfRange('Pulse', 20, 250) },
    ],
    [
      'a bound above the physiological range',
      { ranges: { temperatureC: { low: 36, high: 45 } } },
      { 'ranges.temperatureC.high': thresholdTexts.boundOutOfRange('Temperature', 30, 43) },
    ],
    [
      'a bound that is not a number',
      { ranges: { spo2: { low: 'ninety', high: null } } },
      { 'ranges.spo2.low': thresholdTexts.boundOutOfRange('SpO2', 50, 100) },
    ],
    [
      'a bound that is an object',
      { ranges: { pain: { low: null, high: { value: 3 } } } },
      { 'ranges.pain.high': thresholdTexts.boundOutOfRange('Pain', 0, 10) },
    ],
  ];
  it.each(bad)(
    'refuses %s with the field’s message, writing nothing (400)',
    async (_, body, errors) => {
      const before = await storedRows();
      const auditBefore = (await auditRows()).length;
      const res = await put(doctor, body);
      expect(res.status).toBe(400);
      expect(res.json.errors).toMatchObject(errors);
      expect(res.json.message).toBe(Object.values(errors)[0]);
      expect(await storedRows()).toEqual(before);
      expect(await auditRows()).toHaveLength(auditBefore);
    },
  );

  it('refuses an unknown measurement, a missing or malformed body, and a bad id (400, nothing written)', async () => {
    const before = await storedRows();
    const auditBefore = (await auditRows()).length;
    for (const body of [
      { ranges: { heartRate: { low: 50, high: 100 } } },
      { ranges: { pulse: { low: 50, high: 100 }, pulse2: null } },
      {},
      { ranges: 'all' },
      { ranges: { pulse: [50, 100] } },
      [],
    ]) {
      const res = await put(doctor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    const unknown = await put(doctor, { ranges: { heartRate: { low: 50, high: 100 } } });
    expect(unknown.json.errors).toHaveProperty('ranges');
    expect((await call(t.app, 'GET', url(0), { token: doctor.token })).status).toBe(400);
    expect(
      (
        await call(t.app, 'PUT', '/api/patients/abc/vital-ranges', {
          token: doctor.token,
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(await storedRows()).toEqual(before);
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it('accepts bounds as the text a form sends, empty meaning open', async () => {
    const p = (await createPatient(db, { careTeam: [doctor] })).id;
    const res = await put(doctor, { ranges: { glucoseMmolL: { low: '4.5', high: '' } } }, p);
    expect(res.status).toBe(200);
    expect(res.json.glucoseMmolL).toEqual({ low: 4.5, high: null, isDefault: false });
    const rows = await db
      .select()
      .from(vitalThresholds)
      .where(
        and(eq(vitalThresholds.patientId, p), eq(vitalThresholds.measurement, 'glucoseMmolL')),
      );
    expect(rows).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', url(patientId))).status).toBe(401);
    expect((await call(t.app, 'PUT', url(patientId), { body: { ranges: {} } })).status).toBe(401);
  });
});
