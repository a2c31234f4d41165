import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  medicalRecords,
  medications,
  prescriptions,
  progressReports,
} from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import {
  validMedicalRecordInput,
  validMedicationInput,
  validPrescriptionInput,
  validProgressReportInput,
} from '../../test/clinical-factories.ts';

/**
 * Issue 13, hole 2 (PRODUCT.md section 7, "Authorship is the signed-in user"): a clinical record
 * is entered by the signed-in user; a doctor or caregiver named other than the caller must be on
 * the patient's care team; the record keeps who entered it, and its audit row names both.
 */
describe('clinical records are attributed only within the care team', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let teamDoctor: TestUser;
  let outsideDoctor: TestUser;
  let caregiver: TestUser;
  let teamCaregiver: TestUser;
  let outsideCaregiver: TestUser;
  let supervisor: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', firstName: 'Ann', secondName: 'Author' });
    teamDoctor = await createUser(db, { role: 'doctor', firstName: 'Tom', secondName: 'Team' });
    outsideDoctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver', firstName: 'Cal', secondName: 'Filer' });
    teamCaregiver = await createUser(db, { role: 'caregiver' });
    outsideCaregiver = await createUser(db, { role: 'caregiver' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    patientId = (
      await createPatient(db, { careTeam: [doctor, teamDoctor, caregiver, teamCaregiver] })
    ).id;
    // A patient the outsiders do care for: being on some care team is not enough.
    await createPatient(db, { careTeam: [outsideDoctor, outsideCaregiver] });
  });
  afterAll(() => t.close());

  const named = () => ({
    'medical records': {
      path: '/api/medical-records',
      table: medicalRecords,
      entity: 'medical-record',
      field: 'doctorId',
      message: clinicalTexts.doctorNotOnCareTeam,
      author: doctor,
      colleague: teamDoctor,
      outsider: outsideDoctor,
      body: (doctorId: number) => validMedicalRecordInput(patientId, doctorId),
    },
    prescriptions: {
      path: '/api/prescriptions',
      table: prescriptions,
      entity: 'prescription',
      field: 'doctorId',
      message: clinicalTexts.doctorNotOnCareTeam,
      author: doctor,
      colleague: teamDoctor,
      outsider: outsideDoctor,
      body: (doctorId: number) => validPrescriptionInput(patientId, doctorId),
    },
    'progress reports': {
      path: '/api/progress-reports',
      table: progressReports,
      entity: 'progress-report',
      field: 'caregiverId',
      message: clinicalTexts.caregiverNotOnCareTeam,
      author: caregiver,
      colleague: teamCaregiver,
      outsider: outsideCaregiver,
      body: (caregiverId: number) => validProgressReportInput(patientId, caregiverId),
    },
  });
  const types = ['medical records', 'prescriptions', 'progress reports'] as const;

  describe.each(types)('%s', (type) => {
    it(`naming a clinician outside the patient's care team answers 400 and stores nothing`, async () => {
      const s = named()[type];
      const before = await db.$count(s.table);
      const auditBefore = await db.$count(auditLog, eq(auditLog.entity, s.entity));
      const res = await call(t.app, 'POST', s.path, {
        token: s.author.token,
        body: s.body(s.outsider.id),
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: s.message, errors: { [s.field]: s.message } });
      expect(await db.$count(s.table)).toBe(before);
      expect(await db.$count(auditLog, eq(auditLog.entity, s.entity))).toBe(auditBefore);
    });

    it('naming a care-team colleague is accepted: the record shows both, and so does its audit row', async () => {
      const s = named()[type];
      const res = await call(t.app, 'POST', s.path, {
        token: s.author.token,
        body: s.body(s.colleague.id),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json[s.field]).toBe(s.colleague.id);
      expect(res.json.recordedBy).toBe(s.author.id);
      expect(res.json.recordedByName).toBe(
        type === 'progress reports' ? 'Cal Filer' : 'Ann Author',
      );
      const read = await call(t.app, 'GET', `${s.path}/${res.json.id}`, {
        token: s.colleague.token,
      });
      expect(read.json).toMatchObject({ [s.field]: s.colleague.id, recordedBy: s.author.id });
      const [row] = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, s.entity),
            eq(auditLog.entityId, String(res.json.id)),
            eq(auditLog.action, 'create'),
          ),
        );
      expect(row).toMatchObject({
        userId: s.author.id,
        subjectUserId: s.colleague.id,
        patientId,
        outcome: 'success',
      });
    });

    it("in the caller's own name, the audit row names no one else", async () => {
      const s = named()[type];
      const res = await call(t.app, 'POST', s.path, {
        token: s.author.token,
        body: s.body(s.author.id),
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ [s.field]: s.author.id, recordedBy: s.author.id });
      const [row] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, s.entity), eq(auditLog.entityId, String(res.json.id))));
      expect(row).toMatchObject({ userId: s.author.id, subjectUserId: null });
    });

    it('an edit cannot move the record into the name of an outsider; nothing changes', async () => {
      const s = named()[type];
      const created = await call(t.app, 'POST', s.path, {
        token: s.author.token,
        body: s.body(s.author.id),
      });
      const res = await call(t.app, 'PUT', `${s.path}/${created.json.id}`, {
        token: s.author.token,
        body: s.body(s.outsider.id),
      });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ [s.field]: s.message });
      const after = await call(t.app, 'GET', `${s.path}/${created.json.id}`, {
        token: s.author.token,
      });
      expect(after.json[s.field]).toBe(s.author.id);
      expect(after.json.updatedAt).toBe(created.json.updatedAt);
    });
  });

  it('a supervisor names no clinician outside the care team either (400), but may name a member', async () => {
    const forged = await call(t.app, 'POST', '/api/prescriptions', {
      token: supervisor.token,
      body: validPrescriptionInput(patientId, outsideDoctor.id),
    });
    expect(forged.status).toBe(400);
    expect(forged.json.errors).toEqual({ doctorId: clinicalTexts.doctorNotOnCareTeam });
    const allowed = await call(t.app, 'POST', '/api/prescriptions', {
      token: supervisor.token,
      body: validPrescriptionInput(patientId, teamDoctor.id),
    });
    expect(allowed.status).toBe(201);
    expect(allowed.json).toMatchObject({ doctorId: teamDoctor.id, recordedBy: supervisor.id });
  });

  it('a medication record names no one: a recorder sent in the body is ignored, the caller is kept', async () => {
    const res = await call(t.app, 'POST', '/api/medications', {
      token: caregiver.token,
      body: { ...validMedicationInput(patientId), recordedBy: teamCaregiver.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ recordedBy: caregiver.id, recordedByName: 'Cal Filer' });
    const [stored] = await db.select().from(medications).where(eq(medications.id, res.json.id));
    expect(stored!.recordedBy).toBe(caregiver.id);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'medication'), eq(auditLog.entityId, String(res.json.id))));
    expect(row).toMatchObject({ userId: caregiver.id, subjectUserId: null, action: 'create' });
  });
});
