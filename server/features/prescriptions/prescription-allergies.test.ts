import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allergyTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { insertAllergy } from '../../test/chart-factories.ts';
import { validPrescriptionInput } from '../../test/clinical-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { medicationMatchesSubstance } from './allergy-check.ts';

describe('matching a medication against an allergy', () => {
  it.each([
    ['Penicillin V 250mg', 'Penicillin', true],
    ['penicillin', 'PENICILLIN', true],
    ['Penicillin-V', 'Penicillin', true],
    ['Co-trimoxazole (sulfamethoxazole)', 'Sulfamethoxazole', true],
    ['Aspirin', 'Aspirin and other NSAIDs', true],
    ['Sulfa drugs', 'Sulfa drugs', true],
    ['Amoxicillin', 'Penicillin', false],
    ['Penicillin', 'Amoxicillin', false],
    ['Lisinopril 10 mg', 'Penicillin', false],
    ['Aspirin', 'Aspirin-free', true],
    ['Codeine phosphate', 'Latex', false],
    ['', 'Penicillin', false],
    ['Penicillin', '  ', false],
  ] as const)('%s against %s: %s', (medication, substance, matches) => {
    expect(medicationMatchesSubstance(medication, substance)).toBe(matches);
  });
});

describe('the allergy check on prescriptions', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let outsiderDoctor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    outsiderDoctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
  });
  afterAll(() => t.close());

  /** A patient of the doctor and caregiver, with a Penicillin allergy. */
  async function allergicPatient() {
    const patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    const allergy = await insertAllergy(db, patientId, doctor.id, {
      substance: 'Penicillin',
      reaction: 'Rash',
    });
    return { patientId, allergyId: allergy.id };
  }

  const prescribe = (user: TestUser, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/prescriptions', { token: user.token, body });
  const change = (user: TestUser, id: number, body: Record<string, unknown>) =>
    call(t.app, 'PUT', `/api/prescriptions/${id}`, { token: user.token, body });
  const penicillin = (patientId: number) => ({
    ...validPrescriptionInput(patientId),
    medication: 'Penicillin V 250mg',
  });
  const prescriptionsOf = (patientId: number) =>
    db.$count(prescriptions, eq(prescriptions.patientId, patientId));
  const newestAuditId = async () =>
    (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
  const auditSince = (id: number) =>
    db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

  it('a matching active allergy answers 409 with the allergies, and nothing is stored', async () => {
    const { patientId, allergyId } = await allergicPatient();
    const since = await newestAuditId();
    const notices = await db.$count(notifications, eq(notifications.userId, caregiver.id));
    const res = await prescribe(doctor, penicillin(patientId));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: allergyTexts.conflict('Penicillin'),
      code: 'allergy-conflict',
      allergies: [{ id: allergyId, substance: 'Penicillin', reaction: 'Rash' }],
    });
    expect(res.json.message).toBe(
      'This patient has a recorded allergy to Penicillin. Confirm to prescribe anyway.',
    );
    expect(await prescriptionsOf(patientId)).toBe(0);
    // No caregiver hears of a prescription that was not written.
    expect(await db.$count(notifications, eq(notifications.userId, caregiver.id))).toBe(notices);
    // The refused attempt is kept: one failure row of the prescription, nothing else.
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.patientId, r.outcome])).toEqual([
      ['create', 'prescription', null, patientId, 'failure'],
    ]);
  });

  it('confirmed, it is stored, the caregivers told, and the override is in the audit trail', async () => {
    const { patientId, allergyId } = await allergicPatient();
    const since = await newestAuditId();
    const res = await prescribe(doctor, { ...penicillin(patientId), confirmAllergy: true });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ medication: 'Penicillin V 250mg', patientId });
    expect(res.json).not.toHaveProperty('confirmAllergy');
    expect(await prescriptionsOf(patientId)).toBe(1);
    expect(
      await db.$count(
        notifications,
        and(eq(notifications.userId, caregiver.id), eq(notifications.kind, 'prescription')),
      ),
    ).toBeGreaterThan(0);
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.patientId, r.outcome])).toEqual([
      ['create', 'allergy-override', String(allergyId), patientId, 'success'],
      ['create', 'prescription', String(res.json.id), patientId, 'success'],
    ]);
    // Both rows belong to the same request and moment: the override names the prescription's.
    expect(rows[0]!.requestId).toBe(rows[1]!.requestId);
    expect(rows[0]!.userId).toBe(doctor.id);
  });

  it('every matching allergy is named; the message lists each substance once', async () => {
    const { patientId, allergyId } = await allergicPatient();
    const second = await insertAllergy(db, patientId, doctor.id, {
      substance: 'penicillin',
      reaction: 'Anaphylaxis',
    });
    const third = await insertAllergy(db, patientId, doctor.id, {
      substance: 'Penicillin V',
      reaction: '',
    });
    await insertAllergy(db, patientId, doctor.id, { substance: 'Latex' });
    const res = await prescribe(doctor, penicillin(patientId));
    expect(res.status).toBe(409);
    expect(res.json.allergies.map((a: any) => a.id)).toEqual([allergyId, second.id, third.id]);
    expect(res.json.message).toBe(allergyTexts.conflict('Penicillin, penicillin, Penicillin V'));
  });

  it('no match, a resolved or a deleted allergy, or another patient’s: no 409', async () => {
    const { patientId } = await allergicPatient();
    const lisinopril = await prescribe(doctor, validPrescriptionInput(patientId));
    expect(lisinopril.status).toBe(201);
    const amoxicillin = await prescribe(doctor, {
      ...validPrescriptionInput(patientId),
      medication: 'Amoxicillin 500 mg',
    });
    expect(amoxicillin.status).toBe(201);

    const resolvedPatient = (await createPatient(db, { careTeam: [doctor] })).id;
    await insertAllergy(db, resolvedPatient, doctor.id, { status: 'resolved' });
    expect((await prescribe(doctor, penicillin(resolvedPatient))).status).toBe(201);

    const deletedPatient = (await createPatient(db, { careTeam: [doctor] })).id;
    const deleted = await insertAllergy(db, deletedPatient, doctor.id);
    expect(
      (await call(t.app, 'DELETE', `/api/allergies/${deleted.id}`, { token: doctor.token })).status,
    ).toBe(204);
    expect((await prescribe(doctor, penicillin(deletedPatient))).status).toBe(201);

    const unrelated = (await createPatient(db, { careTeam: [doctor] })).id;
    expect((await prescribe(doctor, penicillin(unrelated))).status).toBe(201);
    // A prescription without a medication name has nothing to match.
    expect(
      (await prescribe(doctor, { ...validPrescriptionInput(patientId), medication: '' })).status,
    ).toBe(201);
  });

  it('an edit to a matching medication answers 409 and leaves the prescription as it was', async () => {
    const { patientId, allergyId } = await allergicPatient();
    const created = await prescribe(doctor, validPrescriptionInput(patientId));
    const id = created.json.id as number;
    const [before] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
    const since = await newestAuditId();
    const res = await change(doctor, id, penicillin(patientId));
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'allergy-conflict',
      allergies: [{ id: allergyId, substance: 'Penicillin', reaction: 'Rash' }],
    });
    const [after] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
    expect(after).toEqual(before);
    expect(
      (await auditSince(since)).map((r) => [r.action, r.entity, r.entityId, r.outcome]),
    ).toEqual([['update', 'prescription', String(id), 'failure']]);

    const confirmed = await change(doctor, id, { ...penicillin(patientId), confirmAllergy: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.medication).toBe('Penicillin V 250mg');
    const rows = await auditSince(since);
    expect(rows.slice(1).map((r) => [r.action, r.entity, r.entityId, r.outcome])).toEqual([
      ['update', 'allergy-override', String(allergyId), 'success'],
      ['update', 'prescription', String(id), 'success'],
    ]);
  });

  it('an edit that keeps the medication is not checked again', async () => {
    const patientId = (await createPatient(db, { careTeam: [doctor] })).id;
    const created = await prescribe(doctor, penicillin(patientId));
    expect(created.status).toBe(201);
    // The allergy is listed after the prescription was written.
    await insertAllergy(db, patientId, doctor.id);
    const res = await change(doctor, created.json.id, {
      ...penicillin(patientId),
      medication: 'PENICILLIN v 250MG',
      dosage: '250 mg four times a day',
    });
    expect(res.status).toBe(200);
    expect(res.json.dosage).toBe('250 mg four times a day');
  });

  it('moving a prescription to an allergic patient is checked', async () => {
    const { patientId } = await allergicPatient();
    const plain = (await createPatient(db, { careTeam: [doctor] })).id;
    const created = await prescribe(doctor, penicillin(plain));
    expect(created.status).toBe(201);
    const moved = await change(doctor, created.json.id, penicillin(patientId));
    expect(moved.status).toBe(409);
    const [row] = await db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, created.json.id));
    expect(row!.patientId).toBe(plain);
  });

  it('a patient out of scope answers 404 before any allergy is looked at', async () => {
    const { patientId } = await allergicPatient();
    for (const body of [
      penicillin(patientId),
      { ...penicillin(patientId), confirmAllergy: true },
    ]) {
      const res = await prescribe(outsiderDoctor, body);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
    }
    expect(await prescriptionsOf(patientId)).toBe(0);
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, outsiderDoctor.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(denied).toMatchObject({ action: 'denied', entity: 'prescription', patientId });
  });

  it('a caller who may not prescribe gets 403 whatever the confirmation', async () => {
    const { patientId } = await allergicPatient();
    const res = await prescribe(caregiver, { ...penicillin(patientId), confirmAllergy: true });
    expect(res.status).toBe(403);
    expect(await prescriptionsOf(patientId)).toBe(0);
  });

  it('a confirmation that is not true or false answers 400, nothing stored', async () => {
    const { patientId } = await allergicPatient();
    for (const confirmAllergy of ['yes', 1, {}]) {
      const res = await prescribe(doctor, { ...penicillin(patientId), confirmAllergy });
      expect(res.status).toBe(400);
      expect(res.json.errors.confirmAllergy).toBe(allergyTexts.confirmInvalid);
    }
    // Left out, null or false: the check applies.
    for (const confirmAllergy of [undefined, null, false]) {
      const res = await prescribe(doctor, { ...penicillin(patientId), confirmAllergy });
      expect(res.status).toBe(409);
    }
    expect(await prescriptionsOf(patientId)).toBe(0);
  });

  it('other errors of the two calls keep the one error shape', async () => {
    const { patientId } = await allergicPatient();
    const bad = await prescribe(doctor, { ...penicillin(patientId), details: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['errors', 'message']);
    const missing = await change(doctor, 999_999, penicillin(patientId));
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not found' });
  });

  it('the 409 is in the OpenAPI document of both calls', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    for (const operation of [
      doc.json.paths['/api/prescriptions'].post,
      doc.json.paths['/api/prescriptions/{id}'].put,
    ]) {
      expect(operation.responses['409']).toBeDefined();
      expect(JSON.stringify(operation.responses['409'])).toContain('allergy-conflict');
      expect(operation.description).toMatch(/confirmAllergy/);
      expect(JSON.stringify(operation.requestBody)).toContain('confirmAllergy');
    }
    expect(doc.json.paths['/api/prescriptions/{id}'].delete.responses['409']).toBeUndefined();
  });
});
