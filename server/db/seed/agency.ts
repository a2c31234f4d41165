import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';
import type { allergies, conditions, reminders, vitalThresholds } from '../schema/index.ts';
import {
  appointments,
  auditLog,
  careTeamMembers,
  medicalRecords,
  medications,
  notifications,
  prescriptions,
  progressReports,
  vitalSigns,
} from '../schema/index.ts';
import type { Random } from './random.ts';

/** A staff member or patient account, as later steps refer to it. */
export interface Staff {
  id: number;
  username: string;
  firstName: string;
  secondName: string;
}

/**
 * Rows gathered over all patients and inserted together at the end: far fewer statements than
 * one insert per row, and ids in the order the rows were drawn.
 */
export interface AgencyRows {
  careTeams: (typeof careTeamMembers.$inferInsert)[];
  visits: (typeof medicalRecords.$inferInsert)[];
  bookings: (typeof appointments.$inferInsert)[];
  reports: (typeof progressReports.$inferInsert)[];
  scripts: (typeof prescriptions.$inferInsert)[];
  doses: (typeof medications.$inferInsert)[];
  readings: (typeof vitalSigns.$inferInsert)[];
  notices: (typeof notifications.$inferInsert)[];
  audits: (typeof auditLog.$inferInsert)[];
  staffReminders: (typeof reminders.$inferInsert)[];
  /**
   * The chart's rows (server/db/seed/chart.ts), inserted after all the others so that the ids
   * of the rows above stay those they were before the chart existed.
   */
  chart: ChartRows;
}

/** Problem lists, allergies, ranges and the alerts of readings outside them. */
export interface ChartRows {
  problems: (typeof conditions.$inferInsert)[];
  allergies: (typeof allergies.$inferInsert)[];
  ranges: (typeof vitalThresholds.$inferInsert)[];
  /** Patients for whom a doctor recorded no known allergies. */
  noKnownAllergies: { patientId: number; at: Date; by: number }[];
  alerts: (typeof notifications.$inferInsert)[];
  audits: (typeof auditLog.$inferInsert)[];
}

/** What every step of building the agency shares. */
export interface Agency {
  tx: Executor;
  /** Every draw goes through this one generator, in a fixed order: the same seed, the same agency. */
  random: Random;
  now: Date;
  /** The towns the agency serves. */
  area: string[];
  /** Usernames given so far. */
  taken: Set<string>;
  passwordHash: string;
  rows: AgencyRows;
}

/** A patient just registered, with the people who care for them. */
export interface PatientContext {
  agency: Agency;
  patientId: number;
  person: { firstName: string; lastName: string };
  doctor: Staff;
  /** The caregivers of the patient's care team. */
  team: Staff[];
  /** The patient's own account, when they have one. */
  account: Staff | null;
}

/** Empty row lists for a new agency. */
export const emptyRows = (): AgencyRows => ({
  careTeams: [],
  visits: [],
  bookings: [],
  reports: [],
  scripts: [],
  doses: [],
  readings: [],
  notices: [],
  audits: [],
  staffReminders: [],
  chart: { problems: [], allergies: [], ranges: [], noKnownAllergies: [], alerts: [], audits: [] },
});

/** Inserts rows in chunks (PGlite and PostgreSQL cap the parameters of one statement). */
export async function insertAll<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}

/** Inserts the gathered rows of every patient, parents before the rows that refer to them. */
export async function insertPatientRows(tx: Executor, rows: AgencyRows): Promise<void> {
  await insertAll(tx, careTeamMembers, rows.careTeams);
  await insertAll(tx, medicalRecords, rows.visits);
  await insertAll(tx, appointments, rows.bookings);
  await insertAll(tx, progressReports, rows.reports);
  await insertAll(tx, prescriptions, rows.scripts);
  await insertAll(tx, medications, rows.doses);
  await insertAll(tx, vitalSigns, rows.readings);
  await insertAll(tx, notifications, rows.notices);
  await insertAll(tx, auditLog, rows.audits);
}
