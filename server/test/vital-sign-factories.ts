import type { Executor } from '../db/client.ts';
import { vitalSigns } from '../db/schema/index.ts';

/** A valid body for POST /api/vital-signs: a full set of ordinary readings. */
export const validVitalSignInput = (patientId: number) => ({
  patientId,
  takenAt: '2025-12-05T08:30:00.000Z',
  systolic: 128,
  diastolic: 82,
  pulse: 72,
  respiratoryRate: 16,
  temperatureC: 36.8,
  spo2: 97,
  glucoseMmolL: 6.2,
  weightKg: 71.4,
  pain: 2,
  note: 'Seated, after breakfast',
});

/** Inserts a reading directly (for tests whose subject is not the create call). */
export async function insertVitalSign(db: Executor, patientId: number, recordedBy: number) {
  const input = validVitalSignInput(patientId);
  const [row] = await db
    .insert(vitalSigns)
    .values({ ...input, takenAt: new Date(input.takenAt), recordedBy })
    .returning({ id: vitalSigns.id });
  return row!;
}
