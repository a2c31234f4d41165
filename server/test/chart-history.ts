/**
 * A patient's history for the chart's tests: records of every timeline type at chosen moments,
 * a long history in a few set-based statements, and a count of the statements a call sends.
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import {
  allergies,
  appointments,
  conditions,
  medicalRecords,
  medications,
  prescriptions,
  progressReports,
  vitalSigns,
  vitalThresholds,
} from '../db/schema/index.ts';

let reportCounter = 0;

interface Common {
  patientId: number;
  at: string;
  deletedAt?: Date | null;
}

/** Inserts one record of each timeline type directly, at a chosen moment. */
export const chartRows = {
  async appointment(db: Executor, o: Common & { doctorId: number; location?: string }) {
    const [row] = await db
      .insert(appointments)
      .values({
        patientId: o.patientId,
        doctorId: o.doctorId,
        appointmentDate: new Date(o.at),
        location: o.location ?? 'Clinic room 2',
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: appointments.id });
    return row!.id;
  },
  async medicalRecord(db: Executor, o: Common & { doctorId: number; diagnosis?: string }) {
    const [row] = await db
      .insert(medicalRecords)
      .values({
        patientId: o.patientId,
        doctorId: o.doctorId,
        dateOfVisit: new Date(o.at),
        location: 'Springfield Clinic',
        diagnosis: o.diagnosis ?? 'Hypertension',
        treatmentPlan: 'Low-salt diet',
        createdBy: o.doctorId,
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: medicalRecords.id });
    return row!.id;
  },
  async progressReport(
    db: Executor,
    o: Common & { caregiverId: number; summary?: string; overallHealth?: string | null },
  ) {
    reportCounter += 1;
    const [row] = await db
      .insert(progressReports)
      .values({
        reportId: `PR-CHART-${process.pid}-${reportCounter}`,
        patientId: o.patientId,
        caregiverId: o.caregiverId,
        date: new Date(o.at),
        summary: o.summary ?? 'Ate well, walked twice',
        recommendations: 'Keep up the walks',
        overallHealth: o.overallHealth === undefined ? 'Good' : o.overallHealth,
        createdBy: o.caregiverId,
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: progressReports.id, reportId: progressReports.reportId });
    return row!;
  },
  /** `at` is a day, YYYY-MM-DD. */
  async prescription(
    db: Executor,
    o: Common & { doctorId: number; medication?: string; dosage?: string; details?: string },
  ) {
    const [row] = await db
      .insert(prescriptions)
      .values({
        patientId: o.patientId,
        doctorId: o.doctorId,
        date: o.at,
        medication: o.medication ?? 'Lisinopril',
        dosage: o.dosage ?? '10 mg once a day',
        duration: '30 days',
        details: o.details ?? 'Take in the morning with water',
        recordedBy: o.doctorId,
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: prescriptions.id });
    return row!.id;
  },
  async medication(db: Executor, o: Common & { recordedBy: number; details?: string }) {
    const [row] = await db
      .insert(medications)
      .values({
        patientId: o.patientId,
        date: new Date(o.at),
        details: o.details ?? 'Lisinopril 10 mg given with breakfast',
        recordedBy: o.recordedBy,
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: medications.id });
    return row!.id;
  },
  async vitalSign(
    db: Executor,
    o: Common & {
      recordedBy: number;
      values?: Partial<
        Record<
          | 'systolic'
          | 'diastolic'
          | 'pulse'
          | 'respiratoryRate'
          | 'temperatureC'
          | 'spo2'
          | 'glucoseMmolL'
          | 'weightKg'
          | 'pain',
          number | null
        >
      >;
      note?: string;
    },
  ) {
    const [row] = await db
      .insert(vitalSigns)
      .values({
        patientId: o.patientId,
        takenAt: new Date(o.at),
        ...(o.values ?? { systolic: 128, diastolic: 82, pulse: 72, temperatureC: 36.8 }),
        note: o.note ?? '',
        recordedBy: o.recordedBy,
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: vitalSigns.id });
    return row!.id;
  },
  async allergy(
    db: Executor,
    o: Common & {
      recordedBy: number;
      substance?: string;
      reaction?: string;
      status?: 'active' | 'resolved';
    },
  ) {
    const [row] = await db
      .insert(allergies)
      .values({
        patientId: o.patientId,
        substance: o.substance ?? 'Penicillin',
        reaction: o.reaction ?? 'Rash',
        status: o.status ?? 'active',
        recordedBy: o.recordedBy,
        createdAt: new Date(o.at),
        updatedAt: new Date(o.at),
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: allergies.id });
    return row!.id;
  },
  async condition(
    db: Executor,
    o: Common & { recordedBy: number; name?: string; status?: 'active' | 'resolved' },
  ) {
    const [row] = await db
      .insert(conditions)
      .values({
        patientId: o.patientId,
        name: o.name ?? 'Type 2 diabetes',
        status: o.status ?? 'active',
        recordedBy: o.recordedBy,
        createdAt: new Date(o.at),
        updatedAt: new Date(o.at),
        deletedAt: o.deletedAt ?? null,
      })
      .returning({ id: conditions.id });
    return row!.id;
  },
  /** A doctor's own range for one measurement of the patient. */
  async threshold(
    db: Executor,
    o: {
      patientId: number;
      measurement: string;
      low: number | null;
      high: number | null;
      setBy: number;
    },
  ) {
    await db.insert(vitalThresholds).values(o);
  },
};

/**
 * A long history in a few set-based statements: `count` records of every timeline type, one a
 * day going back from `until`, the patient's doctor and caregiver named on them.
 */
export async function insertHistory(
  db: Executor,
  o: { patientId: number; doctorId: number; caregiverId: number; count: number; until: string },
): Promise<void> {
  const { patientId: p, doctorId: d, caregiverId: c, count } = o;
  const day = (g: string) => sql.raw(`(timestamptz '${o.until}' - ${g} * interval '1 day')`);
  const tag = `${process.pid}_${Date.now()}_${p}`;
  const g = 'g';
  await db.execute(sql`
    insert into appointments (doctor_id, patient_id, appointment_date, location)
      select ${d}::int, ${p}::int, ${day(g)}, 'Clinic room ' || g from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into medical_records (patient_id, doctor_id, date_of_visit, location, diagnosis, treatment_plan, created_by)
      select ${p}::int, ${d}::int, ${day(g)}, 'Home visit', 'Check-up ' || g, 'Continue', ${d}::int
      from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into progress_reports (report_id, patient_id, caregiver_id, date, summary, recommendations, overall_health, created_by)
      select ${`PR-H-${tag}-`} || g, ${p}::int, ${c}::int, ${day(g)}, 'Walked ' || g, 'Fluids', 'Good', ${c}::int
      from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into prescriptions (patient_id, doctor_id, date, medication, dosage, duration, details, recorded_by)
      select ${p}::int, ${d}::int, (${day(g)})::date, 'Metformin', '500 mg', '90 days', 'With meals', ${d}::int
      from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into medications (patient_id, date, details, recorded_by)
      select ${p}::int, ${day(g)}, 'Metformin 500 mg given', ${c}::int from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into vital_signs (patient_id, taken_at, systolic, diastolic, pulse, temperature_c, recorded_by)
      select ${p}::int, ${day(g)}, 120 + g % 30, 70 + g % 15, 60 + g % 50, 36.5, ${c}::int
      from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into allergies (patient_id, substance, reaction, status, recorded_by, created_at, updated_at)
      select ${p}::int, 'Substance ' || g, 'Rash', case when g % 2 = 0 then 'active' else 'resolved' end, ${d}::int, ${day(g)}, ${day(g)}
      from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into conditions (patient_id, name, status, recorded_by, created_at, updated_at)
      select ${p}::int, 'Condition ' || g, case when g % 2 = 0 then 'active' else 'resolved' end, ${d}::int, ${day(g)}, ${day(g)}
      from generate_series(1, ${count}::int) g`);
}

/**
 * Counts the SQL statements the database is sent while it runs, whatever the driver: on PGlite
 * each statement starts with a Parse or a simple Query message; on PostgreSQL each goes through
 * one client's query().
 */
export async function countStatements(database: Database, run: () => Promise<unknown>) {
  let statements = 0;
  if (database.pglite) {
    const client = database.pglite as unknown as {
      execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown>;
    };
    const original = client.execProtocolStream;
    client.execProtocolStream = function (message, options) {
      // 'P' (Parse) opens an extended-protocol statement, 'Q' is a simple query.
      if (message[0] === 0x50 || message[0] === 0x51) statements += 1;
      return original.call(this, message, options);
    };
    try {
      await run();
    } finally {
      client.execProtocolStream = original;
    }
    return statements;
  }
  const pg = (await import('pg')).default;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return statements;
}
