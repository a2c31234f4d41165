import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation, vitalSignTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, vitalSigns } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { insertVitalSign, validVitalSignInput } from '../../test/vital-sign-factories.ts';

describe('vital signs', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let viewerCaregiver: TestUser;
  let patientUser: TestUser;
  let supervisor: TestUser;
  let admin: TestUser;
  let patientId: number;
  let otherPatientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, {
      role: 'caregiver',
      privileges: 'editor',
      firstName: 'Cara',
      secondName: 'Giver',
    });
    viewerCaregiver = await createUser(db, { role: 'caregiver', privileges: 'viewer' });
    patientUser = await createUser(db, {
      role: 'patient',
      privileges: 'viewer',
      firstName: 'Ada',
      secondName: 'Home',
    });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, caregiver, viewerCaregiver],
        account: patientUser,
      })
    ).id;
    otherPatientId = (
      await createPatient(db, { overrides: { firstName: 'Out', lastName: 'Sider' } })
    ).id;
  });
  afterAll(() => t.close());

  const post = (user: TestUser, body: unknown) =>
    call(t.app, 'POST', '/api/vital-signs', { token: user.token, body });
  const stored = async (id: number) =>
    (await db.select().from(vitalSigns).where(eq(vitalSigns.id, id)))[0];

  it('a caregiver records a reading, answered with numbers and who took it', async () => {
    const res = await post(caregiver, { ...validVitalSignInput(patientId), recordedBy: doctor.id });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...validVitalSignInput(patientId),
      patientName: 'Ada Lovelace',
      recordedBy: caregiver.id,
      recordedByName: 'Cara Giver',
      recordedByRole: 'caregiver',
    });
    expect(typeof res.json.temperatureC).toBe('number');
    const listed = await call(t.app, 'GET', `/api/vital-signs/patient/${patientId}`, {
      token: doctor.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.json.find((r: any) => r.id === res.json.id)).toMatchObject({
      recordedByName: 'Cara Giver',
      weightKg: 71.4,
    });
  });

  it('a doctor records a reading with only some measurements; the rest answer null', async () => {
    const res = await post(doctor, {
      patientId,
      takenAt: '2025-12-06T09:00:00Z',
      systolic: '142',
      diastolic: '91',
      pulse: '',
      note: null,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      systolic: 142,
      diastolic: 91,
      pulse: null,
      temperatureC: null,
      note: '',
      takenAt: '2025-12-06T09:00:00.000Z',
      recordedBy: doctor.id,
    });
  });

  const outOfRange: [string, number | string, string][] = [
    ['pulse', 900, vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)],
    ['pulse', 19, vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)],
    ['pulse', 72.5, vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)],
    ['systolic', 261, vitalSignTexts.wholeNumberOutOfRange('systolic', 50, 260)],
    ['systolic', 49, vitalSignTexts.wholeNumberOutOfRange('systolic', 50, 260)],
    ['diastolic', 161, vitalSignTexts.wholeNumberOutOfRange('diastolic', 20, 160)],
    ['diastolic', 19, vitalSignTexts.wholeNumberOutOfRange('diastolic', 20, 160)],
    ['respiratoryRate', 3, vitalSignTexts.wholeNumberOutOfRange('respiratoryRate', 4, 60)],
    ['respiratoryRate', 61, vitalSignTexts.wholeNumberOutOfRange('respiratoryRate', 4, 60)],
    ['temperatureC', 29.9, vitalSignTexts.decimalOutOfRange('temperatureC', 30, 43)],
    ['temperatureC', 43.1, vitalSignTexts.decimalOutOfRange('temperatureC', 30, 43)],
    ['temperatureC', 36.65, vitalSignTexts.decimalOutOfRange('temperatureC', 30, 43)],
    ['spo2', 49, vitalSignTexts.wholeNumberOutOfRange('spo2', 50, 100)],
    ['spo2', 101, vitalSignTexts.wholeNumberOutOfRange('spo2', 50, 100)],
    ['glucoseMmolL', 0.9, vitalSignTexts.decimalOutOfRange('glucoseMmolL', 1, 40)],
    ['glucoseMmolL', 40.1, vitalSignTexts.decimalOutOfRange('glucoseMmolL', 1, 40)],
    ['weightKg', 0.9, vitalSignTexts.decimalOutOfRange('weightKg', 1, 350)],
    ['weightKg', 350.1, vitalSignTexts.decimalOutOfRange('weightKg', 1, 350)],
    ['pain', -1, vitalSignTexts.wholeNumberOutOfRange('pain', 0, 10)],
    ['pain', 11, vitalSignTexts.wholeNumberOutOfRange('pain', 0, 10)],
    ['pulse', 'fast', vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)],
    ['pulse', '1e2', vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)],
  ];
  it.each(outOfRange)(
    '%s of %s is refused with "%s", on create and edit, and nothing is stored',
    async (field, value, message) => {
      const existing = await insertVitalSign(db, patientId, caregiver.id);
      const before = await stored(existing.id);
      const count = await db.$count(vitalSigns);
      const body = { ...validVitalSignInput(patientId), [field]: value };
      const created = await post(caregiver, body);
      expect(created.status).toBe(400);
      expect(created.json.errors[field]).toBe(message);
      expect(created.json.message).toBe(message);
      const edited = await call(t.app, 'PUT', `/api/vital-signs/${existing.id}`, {
        token: caregiver.token,
        body,
      });
      expect(edited.status).toBe(400);
      expect(edited.json.errors[field]).toBe(message);
      expect(await db.$count(vitalSigns)).toBe(count);
      expect(await stored(existing.id)).toEqual(before);
    },
  );

  it('names the field and the range in its message', () => {
    expect(vitalSignTexts.wholeNumberOutOfRange('pulse', 20, 250)).toBe(
      'Pulse must be a whole number from 20 to 250 /min',
    );
    expect(vitalSignTexts.decimalOutOfRange('temperatureC', 30, 43)).toBe(
      'Temperature must be from 30.0 to 43.0 °C, with at most one decimal',
    );
  });

  it('low but possible values and the bounds themselves are accepted', async () => {
    for (const body of [
      { pulse: 38, spo2: 82 },
      { systolic: 50, diastolic: 20, respiratoryRate: 4, temperatureC: 30, pain: 0 },
      { systolic: 260, diastolic: 160, pulse: 250, respiratoryRate: 60, temperatureC: 43 },
      { spo2: 100, glucoseMmolL: 1, weightKg: 350 },
      { glucoseMmolL: 40, weightKg: 1, pain: 10 },
      { temperatureC: 35.2, glucoseMmolL: 2.8 },
    ]) {
      const res = await post(caregiver, { patientId, takenAt: '2025-12-07T07:00:00Z', ...body });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject(body);
    }
  });

  it('a reading without any measurement is refused, and nothing is stored', async () => {
    const count = await db.$count(vitalSigns);
    for (const body of [
      { patientId, takenAt: '2025-12-07T07:00:00Z' },
      { patientId, takenAt: '2025-12-07T07:00:00Z', pulse: '', spo2: null, note: 'Refused' },
    ]) {
      const res = await post(caregiver, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(vitalSignTexts.atLeastOneMeasurement);
    }
    expect(await db.$count(vitalSigns)).toBe(count);
  });

  it('a blood pressure needs both numbers, the diastolic below the systolic', async () => {
    const count = await db.$count(vitalSigns);
    const at = { patientId, takenAt: '2025-12-07T07:00:00Z' };
    let res = await post(caregiver, { ...at, systolic: 120 });
    expect(res.json.errors.diastolic).toBe(vitalSignTexts.bloodPressureBoth);
    res = await post(caregiver, { ...at, diastolic: 80 });
    expect(res.json.errors.systolic).toBe(vitalSignTexts.bloodPressureBoth);
    res = await post(caregiver, { ...at, systolic: 90, diastolic: 90 });
    expect(res.status).toBe(400);
    expect(res.json.errors.diastolic).toBe(vitalSignTexts.diastolicBelowSystolic);
    expect(await db.$count(vitalSigns)).toBe(count);
  });

  it('the taken-at time is required and read with the care-years bounds', async () => {
    const count = await db.$count(vitalSigns);
    const body = validVitalSignInput(patientId);
    for (const [takenAt, message] of [
      ['', vitalSignTexts.takenAtRequired],
      [undefined, vitalSignTexts.takenAtRequired],
      ['1899-12-31T10:00:00Z', 'Must be a valid date between the years 1900 and 2200'],
      ['2025-02-30T10:00:00Z', 'Must be a valid date between the years 1900 and 2200'],
    ] as const) {
      const res = await post(caregiver, { ...body, takenAt });
      expect(res.status).toBe(400);
      expect(res.json.errors.takenAt).toBe(message);
    }
    const missingPatient = await post(caregiver, { ...body, patientId: '' });
    expect(missingPatient.json.errors.patientId).toBe(validation.patientIdRequired);
    const longNote = await post(caregiver, { ...body, note: 'x'.repeat(1001) });
    expect(longNote.json.errors.note).toBe(vitalSignTexts.noteTooLong(1000));
    expect(await db.$count(vitalSigns)).toBe(count);
  });

  it('a patient records their own home reading and may edit and delete it', async () => {
    const res = await post(patientUser, {
      patientId,
      takenAt: '2025-12-08T07:15:00Z',
      systolic: 135,
      diastolic: 85,
      weightKg: 68.2,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      recordedBy: patientUser.id,
      recordedByName: 'Ada Home',
      recordedByRole: 'patient',
    });
    const edited = await call(t.app, 'PUT', `/api/vital-signs/${res.json.id}`, {
      token: patientUser.token,
      body: { patientId, takenAt: '2025-12-08T07:15:00Z', weightKg: 68.4 },
    });
    expect(edited.status).toBe(200);
    // The edit is the whole reading: a measurement left out is no longer there.
    expect(edited.json).toMatchObject({ weightKg: 68.4, systolic: null, diastolic: null });
    expect(edited.json.recordedBy).toBe(patientUser.id);
    const deleted = await call(t.app, 'DELETE', `/api/vital-signs/${res.json.id}`, {
      token: patientUser.token,
    });
    expect(deleted.status).toBe(204);
    expect((await stored(res.json.id))!.deletedAt).not.toBeNull();
  });

  it('a patient reads their own readings and no one else’s', async () => {
    await insertVitalSign(db, otherPatientId, doctor.id);
    const res = await call(t.app, 'GET', '/api/vital-signs', { token: patientUser.token });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    expect(new Set(res.json.map((r: any) => r.patientId))).toEqual(new Set([patientId]));
  });

  it('a patient cannot record for another patient (404, nothing stored, denied row)', async () => {
    const count = await db.$count(vitalSigns);
    const res = await post(patientUser, validVitalSignInput(otherPatientId));
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Not found' });
    expect(await db.$count(vitalSigns)).toBe(count);
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patientUser.id), eq(auditLog.action, 'denied')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(denied).toMatchObject({ entity: 'vital-sign', patientId: otherPatientId });
  });

  it('a patient cannot edit or delete a caregiver’s reading (403, audited, unchanged)', async () => {
    const reading = await insertVitalSign(db, patientId, caregiver.id);
    const before = await stored(reading.id);
    const deniedBefore = await db.$count(
      auditLog,
      and(eq(auditLog.userId, patientUser.id), eq(auditLog.action, 'denied')),
    );
    const edited = await call(t.app, 'PUT', `/api/vital-signs/${reading.id}`, {
      token: patientUser.token,
      body: { ...validVitalSignInput(patientId), pulse: 60 },
    });
    expect(edited.status).toBe(403);
    const deleted = await call(t.app, 'DELETE', `/api/vital-signs/${reading.id}`, {
      token: patientUser.token,
    });
    expect(deleted.status).toBe(403);
    expect(await stored(reading.id)).toEqual(before);
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patientUser.id), eq(auditLog.action, 'denied')))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(denied).toHaveLength(2);
    expect(
      await db.$count(
        auditLog,
        and(eq(auditLog.userId, patientUser.id), eq(auditLog.action, 'denied')),
      ),
    ).toBe(deniedBefore + 2);
    for (const row of denied) {
      expect(row).toMatchObject({
        entity: 'vital-sign',
        entityId: String(reading.id),
        patientId,
      });
    }
  });

  it('a caregiver on the care team edits and deletes a reading someone else took', async () => {
    const reading = await insertVitalSign(db, patientId, doctor.id);
    const edited = await call(t.app, 'PUT', `/api/vital-signs/${reading.id}`, {
      token: caregiver.token,
      body: { ...validVitalSignInput(patientId), pulse: 64 },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ pulse: 64, recordedBy: doctor.id });
    const deleted = await call(t.app, 'DELETE', `/api/vital-signs/${reading.id}`, {
      token: caregiver.token,
    });
    expect(deleted.status).toBe(204);
  });

  it('a caregiver viewer reads but may not record (403)', async () => {
    const read = await call(t.app, 'GET', `/api/vital-signs/patient/${patientId}`, {
      token: viewerCaregiver.token,
    });
    expect(read.status).toBe(200);
    const count = await db.$count(vitalSigns);
    const res = await post(viewerCaregiver, validVitalSignInput(patientId));
    expect(res.status).toBe(403);
    expect(await db.$count(vitalSigns)).toBe(count);
  });

  it('out of scope answers 404 like a missing id, with a denied row carrying the patient', async () => {
    const reading = await insertVitalSign(db, otherPatientId, doctor.id);
    const before = await stored(reading.id);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', validVitalSignInput(otherPatientId)],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/vital-signs/${reading.id}`, {
        token: caregiver.token,
        body,
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
      const [denied] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'denied')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(denied).toMatchObject({
        entity: 'vital-sign',
        entityId: String(reading.id),
        patientId: otherPatientId,
      });
    }
    expect(await stored(reading.id)).toEqual(before);
    const missing = await call(t.app, 'GET', '/api/vital-signs/999999', {
      token: caregiver.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not found' });
    const list = await call(t.app, 'GET', `/api/vital-signs/patient/${otherPatientId}`, {
      token: caregiver.token,
    });
    expect(list.status).toBe(404);
  });

  it('a supervisor sees the readings of every patient of the agency', async () => {
    const reading = await insertVitalSign(db, otherPatientId, doctor.id);
    const res = await call(t.app, 'GET', `/api/vital-signs/patient/${otherPatientId}`, {
      token: supervisor.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.map((r: any) => r.id)).toContain(reading.id);
  });

  it('every read, list and change leaves an audit row', async () => {
    const since = await db.$count(auditLog, eq(auditLog.entity, 'vital-sign'));
    const created = await post(caregiver, validVitalSignInput(patientId));
    await call(t.app, 'GET', `/api/vital-signs/${created.json.id}`, { token: doctor.token });
    await call(t.app, 'GET', `/api/vital-signs/patient/${patientId}`, { token: doctor.token });
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'vital-sign'))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(await db.$count(auditLog, eq(auditLog.entity, 'vital-sign'))).toBe(since + 3);
    expect(rows.map((r) => [r.action, r.userId, r.patientId])).toEqual([
      ['list', doctor.id, patientId],
      ['read', doctor.id, patientId],
      ['create', caregiver.id, patientId],
    ]);
  });

  it('a soft-deleted reading leaves the lists and an admin restores it unchanged', async () => {
    const created = await post(caregiver, validVitalSignInput(patientId));
    const id = created.json.id as number;
    const before = await stored(id);
    expect(
      (await call(t.app, 'DELETE', `/api/vital-signs/${id}`, { token: doctor.token })).status,
    ).toBe(204);
    expect(
      (await call(t.app, 'GET', `/api/vital-signs/${id}`, { token: doctor.token })).status,
    ).toBe(404);
    const deletedList = await call(t.app, 'GET', '/api/deleted-records?type=vital-sign', {
      token: admin.token,
    });
    expect(deletedList.status).toBe(200);
    expect(deletedList.json.find((r: any) => r.id === id)).toMatchObject({
      type: 'vital-sign',
      patientId,
      summary: expect.stringContaining('BP 128/82'),
      recordDate: '2025-12-05T08:30:00.000Z',
    });
    const refused = await call(t.app, 'POST', `/api/vital-signs/${id}/restore`, {
      token: doctor.token,
    });
    expect(refused.status).toBe(403);
    const restored = await call(t.app, 'POST', `/api/vital-signs/${id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual(created.json);
    expect(await stored(id)).toEqual(before);
    const again = await call(t.app, 'POST', `/api/vital-signs/${id}/restore`, {
      token: admin.token,
    });
    expect(again.status).toBe(409);
  });
});
