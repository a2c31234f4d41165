import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, medicalRecords } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { clinicalFactories, validMedicalRecordInput } from '../../test/clinical-factories.ts';

describe('medical records', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', firstName: 'Gregory', secondName: 'House' });
    caregiver = await createUser(db, { role: 'caregiver' });
    patientUser = await createUser(db, { role: 'patient' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
  });
  afterAll(() => t.close());

  const valid = () => validMedicalRecordInput(patientId, doctor.id);

  it('a doctor adds a record and the answer carries names beside the ids', async () => {
    const res = await call(t.app, 'POST', '/api/medical-records', {
      token: doctor.token,
      body: valid(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...valid(),
      patientName: 'Ada Lovelace',
      doctorName: 'Gregory House',
      dateOfVisit: '2025-12-01T10:00:00.000Z',
    });
  });

  it('notes are optional', async () => {
    const { notes: _notes, ...body } = valid();
    const res = await call(t.app, 'POST', '/api/medical-records', { token: doctor.token, body });
    expect(res.status).toBe(201);
    expect(res.json.notes).toBe('');
  });

  const required: [string, string][] = [
    ['patientId', validation.patientIdRequired],
    ['doctorId', validation.doctorIdRequired],
    ['dateOfVisit', validation.dateOfVisitRequired],
    ['location', validation.locationRequired],
    ['diagnosis', validation.diagnosisRequired],
    ['treatmentPlan', validation.treatmentPlanRequired],
  ];
  it.each(required)(
    'a missing or blank %s answers "%s" and stores nothing',
    async (field, message) => {
      const before = await db.$count(medicalRecords);
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = { ...valid() };
        if (value === undefined) delete body[field];
        else body[field] = value;
        for (const method of ['POST', 'PUT'] as const) {
          const record = await clinicalFactories.medicalRecord(db, patientId, doctor.id);
          const url =
            method === 'POST' ? '/api/medical-records' : `/api/medical-records/${record.id}`;
          const res = await call(t.app, method, url, { token: doctor.token, body });
          expect(res.status).toBe(400);
          expect(res.json.errors[field]).toBe(message);
        }
      }
      expect(await db.$count(medicalRecords)).toBe(before + 6);
    },
  );

  it('an empty body names every required field at once', async () => {
    const res = await call(t.app, 'POST', '/api/medical-records', {
      token: doctor.token,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(Object.fromEntries(required));
  });

  it('bad values are 400s, never 500s', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dateOfVisit: 'not a date' }, 'dateOfVisit', clinicalTexts.invalidDate],
      [{ dateOfVisit: '0000-01-01T00:00:00Z' }, 'dateOfVisit', clinicalTexts.invalidDate],
      [{ dateOfVisit: '2025-02-30T10:00' }, 'dateOfVisit', clinicalTexts.invalidDate],
      [{ patientId: 99999999999 }, 'patientId', validation.patientIdRequired],
      [{ patientId: 'abc' }, 'patientId', validation.patientIdRequired],
      [{ doctorId: -1 }, 'doctorId', validation.doctorIdRequired],
      [{ diagnosis: 'x'.repeat(2001) }, 'diagnosis', 'Must be at most 2000 characters'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call(t.app, 'POST', '/api/medical-records', {
        token: doctor.token,
        body: { ...valid(), ...patch },
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.json.errors[field]).toBe(message);
    }
    const huge = await call(t.app, 'GET', '/api/medical-records/99999999999', {
      token: doctor.token,
    });
    expect(huge.status).toBe(400);
  });

  it('the doctor must be an active doctor', async () => {
    const inactive = await createUser(db, { role: 'doctor', isActive: false });
    for (const doctorId of [caregiver.id, inactive.id, 999999]) {
      const res = await call(t.app, 'POST', '/api/medical-records', {
        token: doctor.token,
        body: { ...valid(), doctorId },
      });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ doctorId: clinicalTexts.doctorNotActive });
    }
  });

  it('a visit time without a zone is read as UTC', async () => {
    const res = await call(t.app, 'POST', '/api/medical-records', {
      token: doctor.token,
      body: { ...valid(), dateOfVisit: '2025-12-01T10:00' },
    });
    expect(res.json.dateOfVisit).toBe('2025-12-01T10:00:00.000Z');
  });

  it('edit changes the record; delete is soft and the record leaves every list', async () => {
    const created = await call(t.app, 'POST', '/api/medical-records', {
      token: doctor.token,
      body: valid(),
    });
    const id = created.json.id;
    t.clock.advance(60_000);
    const edited = await call(t.app, 'PUT', `/api/medical-records/${id}`, {
      token: doctor.token,
      body: { ...valid(), diagnosis: 'Type 2 diabetes' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.diagnosis).toBe('Type 2 diabetes');
    expect(edited.json.updatedAt).not.toBe(created.json.updatedAt);

    const deleted = await call(t.app, 'DELETE', `/api/medical-records/${id}`, {
      token: doctor.token,
    });
    expect(deleted.status).toBe(204);
    const [row] = await db.select().from(medicalRecords).where(eq(medicalRecords.id, id));
    expect(row!.deletedAt).toEqual(t.clock.now());
    for (const path of [
      '/api/medical-records',
      `/api/medical-records/doctor/${doctor.id}`,
      `/api/medical-records/patient/${patientId}`,
    ]) {
      const list = await call(t.app, 'GET', path, { token: doctor.token });
      expect(list.json.map((r: any) => r.id)).not.toContain(id);
    }
    expect(
      (await call(t.app, 'GET', `/api/medical-records/${id}`, { token: doctor.token })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/medical-records/${id}`, { token: doctor.token })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', `/api/medical-records/${id}`, {
          token: doctor.token,
          body: valid(),
        })
      ).status,
    ).toBe(404);
  });

  it('every read, list and change leaves one audit row with the patient, never PHI', async () => {
    const audit = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, doctor.id), eq(auditLog.entity, 'medical-record')));
    const before = (await audit()).length;
    const created = await call(t.app, 'POST', '/api/medical-records', {
      token: doctor.token,
      body: valid(),
    });
    const id = created.json.id;
    await call(t.app, 'GET', `/api/medical-records/${id}`, { token: doctor.token });
    await call(t.app, 'GET', `/api/medical-records/patient/${patientId}`, { token: doctor.token });
    await call(t.app, 'PUT', `/api/medical-records/${id}`, { token: doctor.token, body: valid() });
    await call(t.app, 'DELETE', `/api/medical-records/${id}`, { token: doctor.token });
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.action, r.entityId, r.patientId, r.outcome])).toEqual([
      ['create', String(id), patientId, 'success'],
      ['read', String(id), patientId, 'success'],
      ['list', null, patientId, 'success'],
      ['update', String(id), patientId, 'success'],
      ['delete', String(id), patientId, 'success'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Hypertension');
  });

  it('a refused change is audited as denied', async () => {
    const res = await call(t.app, 'POST', '/api/medical-records', {
      token: caregiver.token,
      body: valid(),
    });
    expect(res.status).toBe(403);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, caregiver.id), eq(auditLog.action, 'denied')));
    expect(row).toMatchObject({ entity: 'medical-record', outcome: 'denied' });
  });

  it('the caregiver’s all-records call returns the records of their patients only', async () => {
    const otherDoctor = await createUser(db, { role: 'doctor' });
    const elsewhere = await createPatient(db, { careTeam: [otherDoctor] });
    const hidden = await clinicalFactories.medicalRecord(db, elsewhere.id, otherDoctor.id);
    const mine = await clinicalFactories.medicalRecord(db, patientId, doctor.id);
    const res = await call(t.app, 'GET', '/api/medical-records', { token: caregiver.token });
    const ids = res.json.map((r: any) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(hidden.id);
    expect(Number(res.headers['x-total-count'])).toBe(res.json.length);
  });

  it('a doctor lists their own records by doctor id, not another doctor’s', async () => {
    const other = await createUser(db, { role: 'doctor' });
    const own = await call(t.app, 'GET', `/api/medical-records/doctor/${doctor.id}`, {
      token: doctor.token,
    });
    expect(own.status).toBe(200);
    expect(own.json.every((r: any) => r.doctorId === doctor.id)).toBe(true);
    const others = await call(t.app, 'GET', `/api/medical-records/doctor/${other.id}`, {
      token: doctor.token,
    });
    expect(others.status).toBe(403);
    const supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    const asSupervisor = await call(t.app, 'GET', `/api/medical-records/doctor/${doctor.id}`, {
      token: supervisor.token,
    });
    expect(asSupervisor.status).toBe(200);
    expect(asSupervisor.json.length).toBe(own.json.length);
  });

  it('a patient reads their own records by patient id; another patient id is 404', async () => {
    const own = await call(t.app, 'GET', `/api/medical-records/patient/${patientId}`, {
      token: patientUser.token,
    });
    expect(own.status).toBe(200);
    expect(own.json.length).toBeGreaterThan(0);
    const other = await createPatient(db, {});
    const res = await call(t.app, 'GET', `/api/medical-records/patient/${other.id}`, {
      token: patientUser.token,
    });
    expect(res.status).toBe(404);
    const missing = await call(t.app, 'GET', '/api/medical-records/patient/999999', {
      token: patientUser.token,
    });
    expect(missing.json).toEqual(res.json);
  });

  it('lists page with limit and offset, newest visit first, and search by text', async () => {
    const p = await createPatient(db, { careTeam: [doctor] });
    for (const [day, diagnosis] of [
      ['01', 'Flu'],
      ['03', 'Sprained ankle'],
      ['02', 'Flu follow-up'],
    ] as const) {
      await call(t.app, 'POST', '/api/medical-records', {
        token: doctor.token,
        body: {
          ...validMedicalRecordInput(p.id, doctor.id),
          dateOfVisit: `2026-03-${day}T10:00:00Z`,
          diagnosis,
        },
      });
    }
    const page = await call(t.app, 'GET', `/api/medical-records/patient/${p.id}?limit=2&offset=0`, {
      token: doctor.token,
    });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json.map((r: any) => r.diagnosis)).toEqual(['Sprained ankle', 'Flu follow-up']);
    const next = await call(t.app, 'GET', `/api/medical-records/patient/${p.id}?limit=2&offset=2`, {
      token: doctor.token,
    });
    expect(next.json.map((r: any) => r.diagnosis)).toEqual(['Flu']);
    const found = await call(t.app, 'GET', `/api/medical-records/patient/${p.id}?q=flu`, {
      token: doctor.token,
    });
    expect(found.json).toHaveLength(2);
    const wildcard = await call(t.app, 'GET', `/api/medical-records/patient/${p.id}?q=%25`, {
      token: doctor.token,
    });
    expect(wildcard.json).toHaveLength(0);
  });

  it('moving a record to a patient outside the doctor’s scope answers 404 and changes nothing', async () => {
    const record = await clinicalFactories.medicalRecord(db, patientId, doctor.id);
    const outsider = await createPatient(db, {});
    const res = await call(t.app, 'PUT', `/api/medical-records/${record.id}`, {
      token: doctor.token,
      body: validMedicalRecordInput(outsider.id, doctor.id),
    });
    expect(res.status).toBe(404);
    const [row] = await db.select().from(medicalRecords).where(eq(medicalRecords.id, record.id));
    expect(row!.patientId).toBe(patientId);
  });

  it("one patient's latest records without a total (count=none, as the patient dashboard asks)", async () => {
    for (let i = 0; i < 4; i += 1) {
      const res = await call(t.app, 'POST', '/api/medical-records', {
        token: doctor.token,
        body: valid(),
      });
      expect(res.status).toBe(201);
    }
    const all = await call(t.app, 'GET', `/api/medical-records/patient/${patientId}?limit=500`, {
      token: patientUser.token,
    });
    const stored = all.json as unknown[];
    expect(stored.length).toBeGreaterThan(3);
    const latest = await call(
      t.app,
      'GET',
      `/api/medical-records/patient/${patientId}?limit=3&count=none`,
      { token: patientUser.token },
    );
    expect(latest.status).toBe(200);
    expect(latest.json).toEqual(stored.slice(0, 3));
    expect(latest.headers['x-total-count']).toBe('3');
    expect(latest.headers['x-total-count-capped']).toBe('true');
    // Another patient's list stays a 404, counted or not.
    const other = await createPatient(db, { careTeam: [doctor] });
    const refused = await call(
      t.app,
      'GET',
      `/api/medical-records/patient/${other.id}?limit=3&count=none`,
      { token: patientUser.token },
    );
    expect(refused.status).toBe(404);
  });

  it('records sharing one visit time list newest first by id, for the doctor and the patient alike', async () => {
    const account = await createUser(db, { role: 'patient' });
    const p = await createPatient(db, { careTeam: [doctor], account });
    const ids: number[] = [];
    for (const diagnosis of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) {
      const res = await call(t.app, 'POST', '/api/medical-records', {
        token: doctor.token,
        body: {
          ...validMedicalRecordInput(p.id, doctor.id),
          dateOfVisit: '2026-03-05T10:00:00Z',
          diagnosis,
        },
      });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    const newestFirst = [...ids].sort((a, b) => b - a);
    for (const token of [doctor.token, account.token]) {
      const pages: number[] = [];
      for (const offset of [0, 2, 4]) {
        const page = await call(
          t.app,
          'GET',
          `/api/medical-records/patient/${p.id}?limit=2&offset=${offset}&count=none`,
          { token },
        );
        expect(page.status).toBe(200);
        pages.push(...page.json.map((r: any) => r.id));
      }
      expect(pages).toEqual(newestFirst);
    }
  });
});
