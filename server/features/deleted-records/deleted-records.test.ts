import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, patients } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { clinicalFactories } from '../../test/clinical-factories.ts';

/** The admin's list of soft-deleted records (GET /api/deleted-records). */
describe('deleted records', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let admin: TestUser;
  let patientAdmin: TestUser;
  let patientId: number;
  let ownPatientId: number;
  /** What the doctor deleted, oldest deletion first. */
  const deleted: { type: string; id: number; path: string }[] = [];

  const del = async (type: string, path: string, id: number) => {
    t.clock.advance(1_000);
    const res = await call(t.app, 'DELETE', `${path}/${id}`, { token: doctor.token });
    expect(res.status, `${type} ${JSON.stringify(res.json)}`).toBe(204);
    deleted.push({ type, id, path });
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    admin = await createUser(db, { role: 'caregiver', privileges: 'admin' });
    patientAdmin = await createUser(db, { role: 'patient', privileges: 'admin' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    ownPatientId = (
      await createPatient(db, {
        careTeam: [doctor],
        account: patientAdmin,
        overrides: { firstName: 'Grace', lastName: 'Hopper', dob: '1936-12-09' },
      })
    ).id;

    const appointment = await call(t.app, 'POST', '/api/appointments', {
      token: doctor.token,
      body: {
        doctorUsername: doctor.username,
        patientId,
        appointmentDate: '2026-02-01T10:00:00.000Z',
        location: 'Springfield Clinic',
      },
    });
    expect(appointment.status, JSON.stringify(appointment.json)).toBe(201);
    await del('appointment', '/api/appointments', appointment.json.id);
    const record = await clinicalFactories.medicalRecord(db, patientId, doctor.id);
    await del('medical-record', '/api/medical-records', record.id);
    const report = await clinicalFactories.progressReport(db, patientId, caregiver.id);
    await del('progress-report', '/api/progress-reports', report.id);
    const prescription = await clinicalFactories.prescription(db, patientId, doctor.id);
    await del('prescription', '/api/prescriptions', prescription.id);
    const medication = await clinicalFactories.medication(db, patientId, caregiver.id);
    await del('medication', '/api/medications', medication.id);
    await del('patient', '/api/patients', ownPatientId);
    // Live records are never listed.
    await clinicalFactories.medicalRecord(db, patientId, doctor.id);
  });
  afterAll(() => t.close());

  it('an admin lists every deleted record, most recently deleted first, with short labels', async () => {
    const res = await call(t.app, 'GET', '/api/deleted-records', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.json.map((r: { type: string; id: number }) => [r.type, r.id])).toEqual(
      [...deleted].reverse().map((d) => [d.type, d.id]),
    );
    const byType = Object.fromEntries(res.json.map((r: { type: string }) => [r.type, r])) as Record<
      string,
      Record<string, unknown>
    >;
    expect(byType.patient).toEqual({
      type: 'patient',
      id: ownPatientId,
      patientId: ownPatientId,
      patientName: 'Grace Hopper',
      summary: 'Born Dec 09, 1936',
      recordDate: null,
      deletedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(byType.appointment).toMatchObject({
      patientId,
      patientName: 'Ada Lovelace',
      summary: 'Springfield Clinic',
      recordDate: '2026-02-01T10:00:00.000Z',
    });
    expect(byType['medical-record']).toMatchObject({
      summary: 'Hypertension',
      recordDate: '2025-12-01T10:00:00.000Z',
    });
    expect(byType['progress-report']!.summary).toMatch(/^PR-TEST-.+: Ate well, walked twice$/);
    expect(byType.prescription).toMatchObject({
      summary: 'Lisinopril 10 mg once a day',
      recordDate: '2025-12-03',
    });
    expect(byType.medication).toMatchObject({
      summary: 'Lisinopril 10 mg given with breakfast',
      recordDate: '2025-12-04T08:00:00.000Z',
    });
    const last = deleted[deleted.length - 1]!;
    expect(byType[last.type]!.deletedAt).toBe(t.clock.now().toISOString());
  });

  it('filters by type and pages on the server', async () => {
    const one = await call(t.app, 'GET', '/api/deleted-records?type=medical-record', {
      token: admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.headers['x-total-count']).toBe('1');
    expect(one.json).toHaveLength(1);
    expect(one.json[0].type).toBe('medical-record');

    const page = await call(t.app, 'GET', '/api/deleted-records?limit=2&offset=2', {
      token: admin.token,
    });
    expect(page.headers['x-total-count']).toBe('6');
    expect(page.json.map((r: { id: number; type: string }) => [r.type, r.id])).toEqual(
      [...deleted]
        .reverse()
        .slice(2, 4)
        .map((d) => [d.type, d.id]),
    );
  });

  it('an unknown type answers 400 with the field message', async () => {
    const res = await call(t.app, 'GET', '/api/deleted-records?type=users', {
      token: admin.token,
    });
    expect(res.status).toBe(400);
    // Spelled out: the words a person reads, whatever the registry builds them from.
    expect(res.json.errors.type).toBe(
      'Type must be one of patient, appointment, medical-record, progress-report, prescription, medication, vital-sign, allergy, condition, dose, visit, care-plan-task',
    );
  });

  it('the list leaves one audit row, without a patient', async () => {
    const before = await db.$count(
      auditLog,
      and(eq(auditLog.userId, admin.id), eq(auditLog.entity, 'deleted-record')),
    );
    await call(t.app, 'GET', '/api/deleted-records', { token: admin.token });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), eq(auditLog.entity, 'deleted-record')));
    expect(rows).toHaveLength(before + 1);
    expect(rows[rows.length - 1]).toMatchObject({
      action: 'list',
      patientId: null,
      outcome: 'success',
    });
  });

  it('no one but an admin may list deleted records (403, audited)', async () => {
    for (const actor of [doctor, caregiver]) {
      const res = await call(t.app, 'GET', '/api/deleted-records', { token: actor.token });
      expect(res.status).toBe(403);
      const denied = await db.$count(
        auditLog,
        and(
          eq(auditLog.userId, actor.id),
          eq(auditLog.action, 'denied'),
          eq(auditLog.entity, 'deleted-record'),
        ),
      );
      expect(denied).toBe(1);
    }
    expect((await call(t.app, 'GET', '/api/deleted-records')).status).toBe(401);
  });

  it('an admin with the patient role sees only their own deleted record', async () => {
    const res = await call(t.app, 'GET', '/api/deleted-records', { token: patientAdmin.token });
    expect(res.status).toBe(200);
    expect(res.json.map((r: { type: string; id: number }) => [r.type, r.id])).toEqual([
      ['patient', ownPatientId],
    ]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it("a deleted patient's deleted records wait until the patient is restored", async () => {
    const other = await createPatient(db, { careTeam: [doctor] });
    const record = await clinicalFactories.medicalRecord(db, other.id, doctor.id);
    t.clock.advance(1_000);
    await call(t.app, 'DELETE', `/api/medical-records/${record.id}`, { token: doctor.token });
    await db.update(patients).set({ deletedAt: t.clock.now() }).where(eq(patients.id, other.id));
    const listed = async () =>
      (await call(t.app, 'GET', '/api/deleted-records?limit=500', { token: admin.token })).json.map(
        (r: { type: string; id: number }) => `${r.type} ${r.id}`,
      );
    expect(await listed()).toContain(`patient ${other.id}`);
    expect(await listed()).not.toContain(`medical-record ${record.id}`);

    await call(t.app, 'POST', `/api/patients/${other.id}/restore`, { token: admin.token });
    expect(await listed()).not.toContain(`patient ${other.id}`);
    expect(await listed()).toContain(`medical-record ${record.id}`);
  });

  it('a restored record leaves the list', async () => {
    const target = deleted.find((d) => d.type === 'progress-report')!;
    const restored = await call(t.app, 'POST', `${target.path}/${target.id}/restore`, {
      token: admin.token,
    });
    expect(restored.status).toBe(200);
    const res = await call(t.app, 'GET', '/api/deleted-records?type=progress-report', {
      token: admin.token,
    });
    expect(res.json).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});
