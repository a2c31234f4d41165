import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { doses, medications } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createPrnPrescription,
  createScheduledPrescription,
  doseBody,
  prnDoseBody,
  setAgencySettings,
} from '../../test/dose-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/**
 * Two caregivers, a double tap, a retried request: five recordings of one dose sent at once
 * give one outcome, and four answers that name who recorded it.
 */
describe('recording one dose at the same time from five places', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregivers: TestUser[];
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor' });
    caregivers = [];
    for (let i = 0; i < 5; i += 1) {
      caregivers.push(
        await createUser(db, { role: 'caregiver', firstName: `Carer${i}`, secondName: 'Team' }),
      );
    }
    patientId = (await createPatient(db, { careTeam: [doctor, ...caregivers] })).id;
    await setAgencySettings(t.app, admin, 'UTC');
    t.clock.set('2026-01-15T08:05:00.000Z');
  });
  afterAll(() => t.close());

  const all = (body: Record<string, unknown>) =>
    Promise.all(
      caregivers.map((caregiver) =>
        call(t.app, 'POST', '/api/doses', { token: caregiver.token, body }),
      ),
    );

  it('a scheduled dose: one 201, four 409 naming the winner, one row, one log entry', async () => {
    const rx = await createScheduledPrescription(t.app, doctor, patientId);
    const answers = await all(doseBody(rx, '2026-01-15T08:00:00.000Z'));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!.json;
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.json).toEqual({
        code: 'already-recorded',
        doseId: winner.id,
        message: doseTexts.alreadyRecorded(winner.recordedByName, '08:05'),
      });
    }
    const rows = await db
      .select()
      .from(doses)
      .where(and(eq(doses.prescriptionId, rx.id), isNull(doses.deletedAt)));
    expect(rows).toHaveLength(1);
    const entries = await db.select().from(medications).where(eq(medications.patientId, patientId));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.id).toBe(rows[0]!.medicationId);
  });

  it('a PRN dose: one given, the others refused as too soon, one row', async () => {
    const rx = await createPrnPrescription(t.app, doctor, patientId, { date: '2026-01-10' });
    const answers = await all(prnDoseBody(rx));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.json.code).toBe('prn-too-soon');
      expect(lost.json.nextAllowedAt).toBe('2026-01-15T12:05:00.000Z');
    }
    expect(await db.$count(doses, eq(doses.prescriptionId, rx.id))).toBe(1);
  });
});
