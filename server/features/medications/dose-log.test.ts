import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doseLogTexts } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { doses } from '../../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createScheduledPrescription,
  doseBody,
  recordDose,
  setAgencySettings,
  signIn,
} from '../../test/dose-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';

/** A recorded dose and its medication log entry: one entry on the timeline, never apart. */
describe('doses and the medication log', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const admin = await createUser(db, { role: 'doctor', privileges: 'admin' });
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, { role: 'caregiver' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver] })).id;
    await setAgencySettings(t.app, admin, 'Europe/London');
  });
  afterAll(() => t.close());

  const token = async (user: TestUser) => (await signIn(db, user, t.clock.now())).token;

  it('the timeline shows a recorded dose once, as the dose, and a plain log entry as itself', async () => {
    t.clock.set('2026-01-15T08:10:00.000Z');
    const rx = await createScheduledPrescription(
      t.app,
      await signIn(db, doctor, t.clock.now()),
      patientId,
    );
    const dose = await recordDose(
      t.app,
      await signIn(db, caregiver, t.clock.now()),
      doseBody(rx, '2026-01-15T08:00:00.000Z'),
    );
    const plain = await call(t.app, 'POST', '/api/medications', {
      token: await token(caregiver),
      body: { patientId, date: '2026-01-15T09:00:00.000Z', details: 'Cream applied to both heels' },
    });
    expect(plain.status).toBe(201);

    const res = await call(t.app, 'GET', `/api/patients/${patientId}/timeline?limit=50`, {
      token: await token(doctor),
    });
    expect(res.status).toBe(200);
    const entries = res.json.entries as { type: string; id: number }[];
    expect(entries.filter((e) => e.type === 'dose').map((e) => e.id)).toEqual([dose.id]);
    expect(entries.filter((e) => e.type === 'medication').map((e) => e.id)).toEqual([
      plain.json.id,
    ]);
  });

  it('the log entry of a recorded dose cannot be deleted apart from it (409, nothing changed)', async () => {
    t.clock.set('2026-01-16T08:05:00.000Z');
    const rx = await createScheduledPrescription(
      t.app,
      await signIn(db, doctor, t.clock.now()),
      patientId,
    );
    const dose = await recordDose(
      t.app,
      await signIn(db, caregiver, t.clock.now()),
      doseBody(rx, '2026-01-16T08:00:00.000Z'),
    );
    const log = await call(t.app, 'GET', `/api/doses/${dose.id}`, { token: await token(doctor) });
    expect(log.status).toBe(200);
    const [row] = await db
      .select({ medicationId: doses.medicationId })
      .from(doses)
      .where(eq(doses.id, dose.id));
    const linked = row?.medicationId ? { id: row.medicationId } : undefined;
    expect(linked).toBeDefined();

    const refused = await call(t.app, 'DELETE', `/api/medications/${linked!.id}`, {
      token: await token(doctor),
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(doseLogTexts.entryRecordsDose);
    const after = await call(t.app, 'GET', `/api/medications/${linked!.id}`, {
      token: await token(doctor),
    });
    expect(after.status).toBe(200);

    // Deleting the dose takes its entry with it.
    const removed = await call(t.app, 'DELETE', `/api/doses/${dose.id}`, {
      token: await token(caregiver),
    });
    expect(removed.status).toBe(204);
    const gone = await call(t.app, 'GET', `/api/medications/${linked!.id}`, {
      token: await token(doctor),
    });
    expect(gone.status).toBe(404);
  });
});
