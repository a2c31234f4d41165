import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, validation } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, medications } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { clinicalFactories, validMedicationInput } from '../../test/clinical-factories.ts';

describe('medication records', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor' });
    caregiver = await createUser(db, { role: 'caregiver', firstName: 'Cara', secondName: 'Giver' });
    patientUser = await createUser(db, { role: 'patient', privileges: 'viewer' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
  });
  afterAll(() => t.close());

  it('a caregiver logs a dose given and is recorded as the recorder', async () => {
    const res = await call(t.app, 'POST', '/api/medications', {
      token: caregiver.token,
      body: { ...validMedicationInput(patientId), recordedBy: doctor.id },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ...validMedicationInput(patientId),
      recordedBy: caregiver.id,
      recordedByName: 'Cara Giver',
      recordedByRole: 'caregiver',
      patientName: 'Ada Lovelace',
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
      const record = await clinicalFactories.medication(db, patientId, caregiver.id);
      const before = await db.$count(medications);
      for (const value of [undefined, '', ' ']) {
        const body: Record<string, unknown> = { ...validMedicationInput(patientId) };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const created = await call(t.app, 'POST', '/api/medications', {
          token: caregiver.token,
          body,
        });
        expect(created.status).toBe(400);
        expect(created.json.errors[field]).toBe(message);
        const edited = await call(t.app, 'PUT', `/api/medications/${record.id}`, {
          token: doctor.token,
          body,
        });
        expect(edited.status).toBe(400);
        expect(edited.json.errors[field]).toBe(message);
      }
      expect(await db.$count(medications)).toBe(before);
    },
  );

  it('an unreadable date is refused', async () => {
    const res = await call(t.app, 'POST', '/api/medications', {
      token: caregiver.token,
      body: { ...validMedicationInput(patientId), date: 'yesterday' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors.date).toBe(clinicalTexts.invalidDate);
  });

  it('a doctor edits a caregiver’s log without changing who recorded it, then deletes it softly', async () => {
    const logged = await call(t.app, 'POST', '/api/medications', {
      token: caregiver.token,
      body: validMedicationInput(patientId),
    });
    const id = logged.json.id;
    const edited = await call(t.app, 'PUT', `/api/medications/${id}`, {
      token: doctor.token,
      body: { ...validMedicationInput(patientId), details: 'Half dose given' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ details: 'Half dose given', recordedBy: caregiver.id });
    const deleted = await call(t.app, 'DELETE', `/api/medications/${id}`, { token: doctor.token });
    expect(deleted.status).toBe(204);
    const [row] = await db.select().from(medications).where(eq(medications.id, id));
    expect(row!.deletedAt).not.toBeNull();
    const list = await call(t.app, 'GET', `/api/medications/patient/${patientId}`, {
      token: patientUser.token,
    });
    expect(list.json.map((r: any) => r.id)).not.toContain(id);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((r) => r.entity === 'medication').map((r) => [r.userId, r.action])).toEqual(
      [
        [caregiver.id, 'create'],
        [doctor.id, 'update'],
        [doctor.id, 'delete'],
      ],
    );
  });

  it('the caregiver cannot edit even their own log (403, unchanged)', async () => {
    const record = await clinicalFactories.medication(db, patientId, caregiver.id);
    const res = await call(t.app, 'PUT', `/api/medications/${record.id}`, {
      token: caregiver.token,
      body: { ...validMedicationInput(patientId), details: 'changed' },
    });
    expect(res.status).toBe(403);
    const [row] = await db.select().from(medications).where(eq(medications.id, record.id));
    expect(row!.details).toBe(validMedicationInput(patientId).details);
  });

  it('lists are in scope, newest first, with the total', async () => {
    const p = await createPatient(db, { careTeam: [caregiver] });
    for (const date of ['2026-01-01T08:00:00Z', '2026-01-03T08:00:00Z', '2026-01-02T08:00:00Z']) {
      await call(t.app, 'POST', '/api/medications', {
        token: caregiver.token,
        body: { ...validMedicationInput(p.id), date },
      });
    }
    const res = await call(t.app, 'GET', `/api/medications/patient/${p.id}?limit=2`, {
      token: caregiver.token,
    });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json.map((r: any) => r.date)).toEqual([
      '2026-01-03T08:00:00.000Z',
      '2026-01-02T08:00:00.000Z',
    ]);
    const asDoctor = await call(t.app, 'GET', `/api/medications/patient/${p.id}`, {
      token: doctor.token,
    });
    expect(asDoctor.status).toBe(404);
  });
});
