import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, prescriptions } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { clinicalFactories, validPrescriptionInput } from '../../test/clinical-factories.ts';

describe('prescriptions', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let secondCaregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', firstName: 'Meredith', secondName: 'Grey' });
    caregiver = await createUser(db, { role: 'caregiver' });
    secondCaregiver = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (
      await createPatient(db, {
        careTeam: [doctor, caregiver, secondCaregiver],
        account: patientUser,
      })
    ).id;
  });
  afterAll(() => t.close());

  const write = (body: unknown) =>
    call(t.app, 'POST', '/api/prescriptions', { token: doctor.token, body });

  it('a doctor writes a prescription with medication, dosage and duration; the doctor defaults to them', async () => {
    const res = await write(validPrescriptionInput(patientId));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...validPrescriptionInput(patientId),
      doctorId: doctor.id,
      doctorName: 'Meredith Grey',
      patientName: 'Ada Lovelace',
      date: '2025-12-03',
    });
  });

  const required: [string, string][] = [
    ['patientId', validation.patientIdRequired],
    ['date', validation.dateRequired],
    ['details', validation.detailsRequired],
  ];
  it.each(required)(
    'a missing or blank %s answers "%s" and stores nothing',
    async (field, message) => {
      const before = await db.$count(prescriptions);
      for (const value of [undefined, '', ' ']) {
        const body: Record<string, unknown> = { ...validPrescriptionInput(patientId, doctor.id) };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await write(body);
        expect(res.status).toBe(400);
        expect(res.json.errors[field]).toBe(message);
      }
      expect(await db.$count(prescriptions)).toBe(before);
    },
  );

  it('a doctor id that is not an id answers "Doctor ID is required"; a non-doctor is refused', async () => {
    const res = await write({ ...validPrescriptionInput(patientId), doctorId: 'abc' });
    expect(res.status).toBe(400);
    expect(res.json.errors.doctorId).toBe(validation.doctorIdRequired);
    const notDoctor = await write({ ...validPrescriptionInput(patientId), doctorId: caregiver.id });
    expect(notDoctor.status).toBe(400);
    expect(notDoctor.json.errors.doctorId).toBe(clinicalTexts.doctorNotActive);
  });

  it('a date must be a real calendar date', async () => {
    for (const date of ['2025-02-30', '12/01/2025', '0000-01-01']) {
      const res = await write({ ...validPrescriptionInput(patientId), date });
      expect(res.status).toBe(400);
      expect(res.json.errors.date).toBe(clinicalTexts.invalidDate);
    }
  });

  it('adding, changing and deleting notify the caregivers on the patient’s care team', async () => {
    const before = await db.$count(notifications);
    const created = await write(validPrescriptionInput(patientId));
    const id = created.json.id;
    await call(t.app, 'PUT', `/api/prescriptions/${id}`, {
      token: doctor.token,
      body: { ...validPrescriptionInput(patientId), dosage: '20 mg' },
    });
    await call(t.app, 'DELETE', `/api/prescriptions/${id}`, { token: doctor.token });
    const rows = (await db.select().from(notifications).orderBy(notifications.id)).slice(before);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((n) => n.userId))).toEqual(new Set([caregiver.id, secondCaregiver.id]));
    expect(
      rows.every((n) => n.kind === 'prescription' && n.link === '/prescriptions-medication'),
    ).toBe(true);
    expect(rows.map((n) => n.message)).toEqual(
      (['added', 'added', 'updated', 'updated', 'removed', 'removed'] as const).map((c) =>
        clinicalTexts.prescriptionChanged('Ada Lovelace', c),
      ),
    );
  });

  it('editing without a doctor keeps the prescribing doctor', async () => {
    const other = await createUser(db, { role: 'doctor' });
    // Another doctor is named only from the patient's care team (issue 13, hole 2).
    const shared = (await createPatient(db, { careTeam: [doctor, other] })).id;
    const created = await write(validPrescriptionInput(shared, other.id));
    expect(created.json.doctorId).toBe(other.id);
    const edited = await call(t.app, 'PUT', `/api/prescriptions/${created.json.id}`, {
      token: doctor.token,
      body: validPrescriptionInput(shared),
    });
    expect(edited.json.doctorId).toBe(other.id);
  });

  it('caregivers see the prescriptions of their care team’s patients; doctors those they wrote', async () => {
    const otherDoctor = await createUser(db, { role: 'doctor' });
    const elsewhere = await createPatient(db, { careTeam: [otherDoctor] });
    const hidden = await clinicalFactories.prescription(db, elsewhere.id, otherDoctor.id);
    const byColleague = await clinicalFactories.prescription(db, patientId, otherDoctor.id);
    const careList = await call(t.app, 'GET', '/api/prescriptions', { token: caregiver.token });
    const ids = careList.json.map((r: any) => r.id);
    expect(ids).toContain(byColleague.id);
    expect(ids).not.toContain(hidden.id);
    const mine = await call(t.app, 'GET', `/api/prescriptions/doctor/${doctor.id}`, {
      token: doctor.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.json.length).toBeGreaterThan(0);
    expect(mine.json.every((r: any) => r.doctorId === doctor.id)).toBe(true);
    expect(
      (
        await call(t.app, 'GET', `/api/prescriptions/doctor/${otherDoctor.id}`, {
          token: doctor.token,
        })
      ).status,
    ).toBe(403);
  });

  it('a patient reads their own prescriptions and nobody else’s', async () => {
    const own = await call(t.app, 'GET', `/api/prescriptions/patient/${patientId}`, {
      token: patientUser.token,
    });
    expect(own.status).toBe(200);
    expect(own.json.every((r: any) => r.patientId === patientId)).toBe(true);
    const other = await createPatient(db, { careTeam: [doctor] });
    const rx = await clinicalFactories.prescription(db, other.id, doctor.id);
    expect(
      (await call(t.app, 'GET', `/api/prescriptions/${rx.id}`, { token: patientUser.token }))
        .status,
    ).toBe(404);
  });

  it('delete is soft and audited', async () => {
    const created = await write(validPrescriptionInput(patientId));
    const id = created.json.id;
    expect(
      (await call(t.app, 'DELETE', `/api/prescriptions/${id}`, { token: doctor.token })).status,
    ).toBe(204);
    const [row] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
    expect(row!.deletedAt).not.toBeNull();
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((r) => r.entity === 'prescription').map((r) => r.action)).toEqual([
      'create',
      'delete',
    ]);
  });
});
