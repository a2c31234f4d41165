import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { call, createTestApp, type TestApp } from '../../test/app.ts';
import { validAllergyInput, validConditionInput } from '../../test/chart-factories.ts';
import {
  validMedicalRecordInput,
  validMedicationInput,
  validPrescriptionInput,
  validProgressReportInput,
} from '../../test/clinical-factories.ts';
import { createPatient, createUser, type TestUser } from '../../test/factories.ts';
import { validVitalSignInput } from '../../test/vital-sign-factories.ts';

/*
 * An add answers the record as its insert returned it (or, after a hook that may change the row,
 * as read again): the answer must be the one a read of the record gives, names beside ids
 * included, for every clinical record type.
 */
describe('the answer of an add is the record as read', () => {
  let t: TestApp;
  let db: Db;
  let doctor: TestUser;
  let caregiver: TestUser;
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    doctor = await createUser(db, { role: 'doctor', privileges: 'editor' });
    caregiver = await createUser(db, { role: 'caregiver', privileges: 'editor' });
    const account = await createUser(db, { role: 'patient' });
    patientId = (await createPatient(db, { careTeam: [doctor, caregiver], account })).id;
  });
  afterAll(() => t.close());

  const cases = (): [string, () => TestUser, () => Record<string, unknown>][] => [
    ['medical-records', () => doctor, () => validMedicalRecordInput(patientId, doctor.id)],
    ['progress-reports', () => caregiver, () => validProgressReportInput(patientId, caregiver.id)],
    ['prescriptions', () => doctor, () => validPrescriptionInput(patientId, doctor.id)],
    ['medications', () => caregiver, () => validMedicationInput(patientId)],
    ['vital-signs', () => caregiver, () => validVitalSignInput(patientId)],
    // Outside every range: the alert stamps the reading, which the answer leaves out.
    [
      'vital-signs',
      () => doctor,
      () => ({ ...validVitalSignInput(patientId), pulse: 190, spo2: 70 }),
    ],
    ['allergies', () => doctor, () => validAllergyInput(patientId)],
    ['conditions', () => doctor, () => validConditionInput(patientId)],
  ];

  it.each(cases().map(([path], i) => [path, i] as const))('%s (case %i)', async (path, i) => {
    const [, user, body] = cases()[i]!;
    const added = await call(t.app, 'POST', `/api/${path}`, { token: user().token, body: body() });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const read = await call(t.app, 'GET', `/api/${path}/${added.json.id}`, {
      token: user().token,
    });
    expect(read.status).toBe(200);
    expect(added.json).toEqual(read.json);
    // The names beside the ids are filled in, not left empty.
    expect(added.json.patientName).not.toBe('');
  });
});
