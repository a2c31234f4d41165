/**
 * Rows for the tests of the rounds' reads and alerts, inserted directly: scheduled
 * prescriptions, recorded doses and the agency's settings.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { agencySettings, doses, prescriptions } from '../db/schema/index.ts';
import { writeAgencySettings } from './agency-settings.ts';

let counter = 0;

export interface ScheduledPrescriptionRow {
  patientId: number;
  doctorId: number;
  medication?: string;
  dosage?: string;
  startDate?: string;
  endDate?: string | null;
  deletedAt?: Date | null;
}

/** A prescription given at fixed times of day (every day unless `weekdays`). */
export async function insertFixedPrescription(
  db: Executor,
  o: ScheduledPrescriptionRow & { doseTimes: string[]; weekdays?: number[] | null },
): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(prescriptions)
    .values({
      patientId: o.patientId,
      doctorId: o.doctorId,
      date: o.startDate ?? '2026-01-01',
      medication: o.medication ?? `Medicine ${counter}`,
      dosage: o.dosage ?? '10 mg',
      details: 'Take with water',
      route: 'oral',
      instructions: 'With food',
      schedule: 'fixed',
      startDate: o.startDate ?? '2026-01-01',
      endDate: o.endDate ?? null,
      doseTimes: o.doseTimes,
      weekdays: o.weekdays ?? null,
      deletedAt: o.deletedAt ?? null,
    })
    .returning({ id: prescriptions.id });
  return row!.id;
}

/** A prescription taken as needed (PRN). */
export async function insertPrnPrescription(
  db: Executor,
  o: ScheduledPrescriptionRow & { minIntervalMinutes: number; maxPerDay: number },
): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(prescriptions)
    .values({
      patientId: o.patientId,
      doctorId: o.doctorId,
      date: o.startDate ?? '2026-01-01',
      medication: o.medication ?? `As needed ${counter}`,
      dosage: o.dosage ?? '500 mg',
      details: 'For pain',
      route: 'oral',
      instructions: '',
      schedule: 'prn',
      startDate: o.startDate ?? '2026-01-01',
      endDate: o.endDate ?? null,
      prnMinIntervalMinutes: o.minIntervalMinutes,
      prnMaxPerDay: o.maxPerDay,
      deletedAt: o.deletedAt ?? null,
    })
    .returning({ id: prescriptions.id });
  return row!.id;
}

/**
 * A recorded dose: a scheduled one (`scheduledAt`) or a PRN one (`givenAt` only). Its dose time
 * follows the rule of the record: the scheduled time, or the time given.
 */
export async function insertDose(
  db: Executor,
  o: {
    patientId: number;
    prescriptionId: number;
    recordedBy: number;
    scheduledAt?: string | null;
    outcome?: 'given' | 'given-late' | 'refused' | 'not-given';
    givenAt?: string | null;
    reason?: string | null;
    prnReason?: string;
    note?: string;
    deletedAt?: Date | null;
  },
): Promise<number> {
  const scheduledAt = o.scheduledAt ? new Date(o.scheduledAt) : null;
  const outcome = o.outcome ?? 'given';
  // Given at the scheduled time unless told otherwise.
  const givenAt: Date | null =
    o.givenAt !== undefined
      ? o.givenAt
        ? new Date(o.givenAt)
        : null
      : outcome.startsWith('given')
        ? scheduledAt
        : null;
  const [row] = await db
    .insert(doses)
    .values({
      patientId: o.patientId,
      prescriptionId: o.prescriptionId,
      scheduledAt,
      outcome,
      givenAt: givenAt ?? null,
      reason: o.reason ?? null,
      prnReason: o.prnReason ?? (scheduledAt ? '' : 'Pain'),
      note: o.note ?? '',
      doseTime: scheduledAt ?? givenAt!,
      recordedBy: o.recordedBy,
      createdAt: scheduledAt ?? givenAt!,
      updatedAt: scheduledAt ?? givenAt!,
      deletedAt: o.deletedAt ?? null,
    })
    .returning({ id: doses.id });
  return row!.id;
}

/** Saves the agency's settings (row id 1), replacing any saved before; the app hears of it. */
export async function setAgencySettings(
  db: Executor,
  o: {
    timeZone: string;
    doseWindowMinutes?: number;
    doseMissedAfterMinutes?: number;
    visitLateAfterMinutes?: number;
  },
): Promise<void> {
  const values = {
    id: 1,
    timeZone: o.timeZone,
    doseWindowMinutes: o.doseWindowMinutes ?? 60,
    doseMissedAfterMinutes: o.doseMissedAfterMinutes ?? 240,
    visitLateAfterMinutes: o.visitLateAfterMinutes ?? 15,
  };
  await writeAgencySettings(db, () =>
    db
      .insert(agencySettings)
      .values(values)
      .onConflictDoUpdate({
        target: agencySettings.id,
        set: {
          timeZone: values.timeZone,
          doseWindowMinutes: values.doseWindowMinutes,
          doseMissedAfterMinutes: values.doseMissedAfterMinutes,
          visitLateAfterMinutes: values.visitLateAfterMinutes,
          updatedAt: sql`now()`,
        },
      }),
  );
}
