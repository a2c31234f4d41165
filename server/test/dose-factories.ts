/**
 * Medication rounds through the API: prescriptions with a schedule, the bodies of recorded
 * doses, and the agency's settings. Factories that insert rows directly live in
 * dose-read-factories.ts.
 */
import type { FastifyInstance } from 'fastify';
import { createSession } from '../auth/sessions.ts';
import type { Executor } from '../db/client.ts';
import { prescriptions } from '../db/schema/index.ts';
import { call } from './app.ts';
import { validPrescriptionInput } from './clinical-factories.ts';

/** Who calls: any test user (a token is enough). */
export interface Caller {
  token: string;
}

/** What a test needs of a prescription to record its doses. */
export interface SchedulePrescription {
  id: number;
  patientId: number;
  [field: string]: unknown;
}

/** A valid body for POST /api/prescriptions given at 08:00 and 20:00 every day from 2026-01-01. */
export const scheduledPrescriptionInput = (
  patientId: number,
  overrides: Record<string, unknown> = {},
) => ({
  ...validPrescriptionInput(patientId),
  date: '2026-01-01',
  medication: 'Metformin',
  dosage: '500 mg',
  duration: '',
  details: 'With breakfast and supper',
  route: 'oral',
  instructions: 'With food',
  schedule: 'fixed',
  doseTimes: ['08:00', '20:00'],
  ...overrides,
});

/** A valid body for POST /api/prescriptions taken as needed: 4 hours apart, 4 in 24 hours. */
export const prnPrescriptionInput = (
  patientId: number,
  overrides: Record<string, unknown> = {},
) => ({
  ...validPrescriptionInput(patientId),
  date: '2026-01-01',
  medication: 'Paracetamol',
  dosage: '1 g',
  duration: '',
  details: 'For pain',
  route: 'oral',
  instructions: '',
  schedule: 'prn',
  prnMinIntervalMinutes: 240,
  prnMaxPerDay: 4,
  ...overrides,
});

async function prescribe(
  app: FastifyInstance,
  doctor: Caller,
  body: Record<string, unknown>,
): Promise<SchedulePrescription> {
  const res = await call(app, 'POST', '/api/prescriptions', { token: doctor.token, body });
  if (res.status !== 201) {
    throw new Error(`fixture: POST /api/prescriptions ${res.status} ${JSON.stringify(res.json)}`);
  }
  return res.json as SchedulePrescription;
}

/** Writes a fixed-time prescription through the API as `doctor` (scheduledPrescriptionInput). */
export const createScheduledPrescription = (
  app: FastifyInstance,
  doctor: Caller,
  patientId: number,
  overrides: Record<string, unknown> = {},
) => prescribe(app, doctor, scheduledPrescriptionInput(patientId, overrides));

/** Writes an as-needed prescription through the API as `doctor` (prnPrescriptionInput). */
export const createPrnPrescription = (
  app: FastifyInstance,
  doctor: Caller,
  patientId: number,
  overrides: Record<string, unknown> = {},
) => prescribe(app, doctor, prnPrescriptionInput(patientId, overrides));

/** A body for POST /api/doses: the scheduled dose at `scheduledAt` given now. */
export const doseBody = (
  prescription: Pick<SchedulePrescription, 'id' | 'patientId'>,
  scheduledAt: string,
  overrides: Record<string, unknown> = {},
) => ({
  patientId: prescription.patientId,
  prescriptionId: prescription.id,
  scheduledAt,
  outcome: 'given',
  ...overrides,
});

/** A body for POST /api/doses: an as-needed dose given now for a headache. */
export const prnDoseBody = (
  prescription: Pick<SchedulePrescription, 'id' | 'patientId'>,
  overrides: Record<string, unknown> = {},
) => ({
  patientId: prescription.patientId,
  prescriptionId: prescription.id,
  outcome: 'given',
  prnReason: 'Headache',
  ...overrides,
});

/** Records a dose through the API; throws unless it answers 201. */
export async function recordDose(
  app: FastifyInstance,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<{ id: number; [field: string]: unknown }> {
  const res = await call(app, 'POST', '/api/doses', { token: caller.token, body });
  if (res.status !== 201) {
    throw new Error(`fixture: POST /api/doses ${res.status} ${JSON.stringify(res.json)}`);
  }
  return res.json;
}

/** Saves the agency's settings as an admin (time zone, due window 60, missed after 240). */
export async function setAgencySettings(
  app: FastifyInstance,
  admin: Caller,
  timeZone: string,
  windows: { doseWindowMinutes?: number; doseMissedAfterMinutes?: number } = {},
): Promise<void> {
  const res = await call(app, 'PUT', '/api/agency-settings', {
    token: admin.token,
    body: { timeZone, doseWindowMinutes: 60, doseMissedAfterMinutes: 240, ...windows },
  });
  if (res.status !== 200) {
    throw new Error(`fixture: PUT /api/agency-settings ${res.status} ${JSON.stringify(res.json)}`);
  }
}

/**
 * A fresh session for a user at `now`: sessions end after 30 idle minutes, so a test that moves
 * the clock by hours signs in again.
 */
export async function signIn(db: Executor, user: { id: number }, now: Date): Promise<Caller> {
  return { token: await createSession(db, user.id, now) };
}

let inserted = 0;

/**
 * Inserts an as-needed prescription directly, 15 minutes apart and 24 in 24 hours (so the
 * security suites can record doses of it at will); one per call, so no two share limits.
 */
export async function insertOpenPrnPrescription(
  db: Executor,
  patientId: number,
  doctorId: number,
): Promise<number> {
  inserted += 1;
  const [row] = await db
    .insert(prescriptions)
    .values({
      patientId,
      doctorId,
      date: '2025-01-01',
      medication: `Remedy ${inserted}`,
      dosage: '1 tablet',
      details: 'As needed',
      schedule: 'prn',
      startDate: '2025-01-01',
      prnMinIntervalMinutes: 15,
      prnMaxPerDay: 24,
    })
    .returning({ id: prescriptions.id });
  return row!.id;
}
