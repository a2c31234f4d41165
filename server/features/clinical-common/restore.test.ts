import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalTexts, deletedRecordTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  medicalRecords,
  medications,
  notifications,
  patients,
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
 * PRODUCT.md section 3: "Deletes of clinical data are soft ... and an admin can restore it."
 * The same restore call for the four clinical record types: an admin of the agency (not on the
 * patient's care team) brings a deleted record back exactly as it was; no one else may.
 */

type Kind = 'medical records' | 'progress reports' | 'prescriptions' | 'medication records';

describe('restoring deleted clinical records', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientUser: TestUser;
  let admin: TestUser;
  let supervisor: TestUser;
  let patientAdmin: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    patientUser = await createUser(db, { role: 'patient' });
    // Neither admin is on the care team: an admin restores across the agency.
    admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    supervisor = await createUser(db, { role: 'doctor', privileges: 'supervisor' });
    patientAdmin = await createUser(db, { role: 'patient', privileges: 'admin' });
    await createPatient(db, { account: patientAdmin });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account: patientUser }))
      .id;
  });
  afterAll(() => t.close());

  const kinds = (): Record<
    Kind,
    {
      path: string;
      table:
        typeof medicalRecords | typeof progressReports | typeof prescriptions | typeof medications;
      entity: string;
      author: TestUser;
      body(patient: number): unknown;
    }
  > => ({
    'medical records': {
      path: '/api/medical-records',
      table: medicalRecords,
      entity: 'medical-record',
      author: doctor,
      body: (patient) => validMedicalRecordInput(patient, doctor.id),
    },
    'progress reports': {
      path: '/api/progress-reports',
      table: progressReports,
      entity: 'progress-report',
      author: caregiver,
      body: (patient) => validProgressReportInput(patient, caregiver.id),
    },
    prescriptions: {
      path: '/api/prescriptions',
      table: prescriptions,
      entity: 'prescription',
      author: doctor,
      body: (patient) => validPrescriptionInput(patient, doctor.id),
    },
    'medication records': {
      path: '/api/medications',
      table: medications,
      entity: 'medication',
      author: caregiver,
      body: (patient) => validMedicationInput(patient),
    },
  });
  const kindNames = Object.keys(kinds()) as Kind[];

  /** Adds a record through the API, reads it back, then deletes it as the doctor. */
  async function deletedRecord(kind: Kind, patient = patientId) {
    const k = kinds()[kind];
    const created = await call(t.app, 'POST', k.path, {
      token: k.author.token,
      body: k.body(patient),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as number;
    const before = await call(t.app, 'GET', `${k.path}/${id}`, { token: doctor.token });
    expect(before.status).toBe(200);
    t.clock.advance(60_000);
    const deleted = await call(t.app, 'DELETE', `${k.path}/${id}`, { token: doctor.token });
    expect(deleted.status).toBe(204);
    return { id, before: before.json, k };
  }

  const listOf = async (path: string, token: string) => {
    const res = await call(t.app, 'GET', `${path}?limit=500`, { token });
    expect(res.status).toBe(200);
    return res.json as { id: number }[];
  };

  const storedDeletedAt = async (kind: Kind, id: number) => {
    const table = kinds()[kind].table;
    const [row] = await db
      .select({ deletedAt: table.deletedAt })
      .from(table)
      .where(eq(table.id, id));
    return row!.deletedAt;
  };

  const restoreRows = (entity: string, id: number) =>
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'restore'),
          eq(auditLog.entity, entity),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.outcome, 'success'),
        ),
      );

  describe.each(kindNames)('%s', (kind) => {
    it('an admin restores a deleted record: back in every list with identical fields', async () => {
      const { id, before, k } = await deletedRecord(kind);
      expect((await listOf(k.path, doctor.token)).map((r) => r.id)).not.toContain(id);
      expect((await call(t.app, 'GET', `${k.path}/${id}`, { token: doctor.token })).status).toBe(
        404,
      );

      t.clock.advance(60_000);
      const restored = await call(t.app, 'POST', `${k.path}/${id}/restore`, {
        token: admin.token,
      });
      expect(restored.status, JSON.stringify(restored.json)).toBe(200);
      expect(restored.json).toEqual(before);
      expect(await storedDeletedAt(kind, id)).toBeNull();

      const again = await call(t.app, 'GET', `${k.path}/${id}`, { token: doctor.token });
      expect(again.json).toEqual(before);
      for (const [path, token] of [
        [k.path, doctor.token],
        [`${k.path}/patient/${patientId}`, caregiver.token],
        [`${k.path}/patient/${patientId}`, patientUser.token],
      ] as const) {
        const row = (await listOf(path, token)).find((r) => r.id === id);
        expect(row, path).toEqual(before);
      }
    });

    it('the restore and its one audit row are recorded against the admin and the patient', async () => {
      const { id, k } = await deletedRecord(kind);
      const restored = await call(t.app, 'POST', `${k.path}/${id}/restore`, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      const rows = await restoreRows(k.entity, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: admin.id,
        role: 'doctor',
        patientId,
        outcome: 'success',
      });
    });

    it('no one but an admin may restore: 403, the record stays deleted, the refusal is audited', async () => {
      const { id, k } = await deletedRecord(kind);
      for (const actor of [doctor, caregiver, patientUser, supervisor]) {
        const res = await call(t.app, 'POST', `${k.path}/${id}/restore`, { token: actor.token });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ message: 'You are not allowed to do this' });
        const denied = await db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.userId, actor.id),
              eq(auditLog.action, 'denied'),
              eq(auditLog.entity, k.entity),
            ),
          );
        expect(denied.length).toBeGreaterThan(0);
      }
      expect(await storedDeletedAt(kind, id)).not.toBeNull();
      expect(await restoreRows(k.entity, id)).toHaveLength(0);
      expect((await listOf(k.path, doctor.token)).map((r) => r.id)).not.toContain(id);
    });

    it('without a session the restore answers 401 and changes nothing', async () => {
      const { id, k } = await deletedRecord(kind);
      const res = await call(t.app, 'POST', `${k.path}/${id}/restore`);
      expect(res.status).toBe(401);
      expect(await storedDeletedAt(kind, id)).not.toBeNull();
    });

    it('restoring a record that is not deleted answers 409 with a clear message', async () => {
      const { id, k } = await deletedRecord(kind);
      expect(
        (await call(t.app, 'POST', `${k.path}/${id}/restore`, { token: admin.token })).status,
      ).toBe(200);
      const twice = await call(t.app, 'POST', `${k.path}/${id}/restore`, { token: admin.token });
      expect(twice.status).toBe(409);
      expect(twice.json).toEqual({ message: deletedRecordTexts.notDeleted });
      expect(await restoreRows(k.entity, id)).toHaveLength(1);
    });

    it('an unknown id answers 404', async () => {
      const res = await call(t.app, 'POST', `${kinds()[kind].path}/999999/restore`, {
        token: admin.token,
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
    });

    it('a record of a deleted patient answers 409 until the patient is restored', async () => {
      const other = await createPatient(db, { careTeam: [doctor, caregiver] });
      const { id, before, k } = await deletedRecord(kind, other.id);
      await db.update(patients).set({ deletedAt: t.clock.now() }).where(eq(patients.id, other.id));
      const refused = await call(t.app, 'POST', `${k.path}/${id}/restore`, {
        token: admin.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({ message: deletedRecordTexts.patientDeleted });
      expect(await storedDeletedAt(kind, id)).not.toBeNull();

      const patientBack = await call(t.app, 'POST', `/api/patients/${other.id}/restore`, {
        token: admin.token,
      });
      expect(patientBack.status).toBe(200);
      const restored = await call(t.app, 'POST', `${k.path}/${id}/restore`, {
        token: admin.token,
      });
      expect(restored.status).toBe(200);
      expect(restored.json).toEqual(before);
    });

    it("an admin with the patient role restores only their own record's data (else 404)", async () => {
      const { id, k } = await deletedRecord(kind);
      const res = await call(t.app, 'POST', `${k.path}/${id}/restore`, {
        token: patientAdmin.token,
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
      expect(await storedDeletedAt(kind, id)).not.toBeNull();
    });
  });

  it("restoring a prescription tells the patient's caregivers, in the same transaction", async () => {
    const { id } = await deletedRecord('prescriptions');
    const message = clinicalTexts.prescriptionChanged('Ada Lovelace', 'restored');
    const told = () =>
      db.$count(
        notifications,
        and(eq(notifications.userId, caregiver.id), eq(notifications.message, message)),
      );
    const before = await told();
    const res = await call(t.app, 'POST', `/api/prescriptions/${id}/restore`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(await told()).toBe(before + 1);
  });
});
