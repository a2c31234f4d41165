import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { medications, prescriptions } from './clinical.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

/**
 * The outcome of one dose (a clinical record type, `dose`): a scheduled dose of a fixed-time
 * prescription (`scheduled_at` set) or an as-needed (PRN) dose given (`scheduled_at` null).
 * Doses without an outcome are not stored: they are generated from the prescription's schedule
 * when read. A correction changes this row after copying the version it replaces into
 * `dose_corrections`, so nothing recorded is ever lost.
 */
export const doses = pgTable(
  'doses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    prescriptionId: integer()
      .notNull()
      .references(() => prescriptions.id),
    /** The scheduled time of the dose; null for a PRN dose. */
    scheduledAt: timestamp({ withTimezone: true }),
    /** given | given-late | refused | not-given */
    outcome: text().notNull(),
    /** When it was given (given, given-late, PRN). */
    givenAt: timestamp({ withTimezone: true }),
    /** Not given: asleep | absent | in-hospital | nausea | out-of-stock | withheld | other. */
    reason: text(),
    /** PRN: why it was given. */
    prnReason: text().notNull().default(''),
    note: text().notNull().default(''),
    /** The time the dose stands at: scheduled_at, or given_at for a PRN dose (lists, MAR). */
    doseTime: timestamp({ withTimezone: true }).notNull(),
    /** The medication log's entry of this dose (`/api/medications`). */
    medicationId: integer().references(() => medications.id),
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Deleted Records reads only the deleted rows of each table.
    index('doses_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // One outcome per scheduled dose: a second recorder (or a retried request) meets this.
    uniqueIndex('doses_scheduled_unique')
      .on(t.prescriptionId, t.scheduledAt)
      .where(sql`${t.deletedAt} is null and ${t.scheduledAt} is not null`),
    // Read backwards for newest first, as vital_signs_patient_idx.
    index('doses_patient_idx').on(t.patientId, t.doseTime, t.id),
    index('doses_prescription_idx').on(t.prescriptionId, t.doseTime),
    // The log entries that record a dose: the timeline shows the dose, not its entry too.
    index('doses_medication_idx')
      .on(t.medicationId)
      .where(sql`${t.medicationId} is not null`),
  ],
);

/** The earlier versions of a dose's outcome, struck through on screen, kept for good. */
export const doseCorrections = pgTable(
  'dose_corrections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    doseId: integer()
      .notNull()
      .references(() => doses.id),
    outcome: text().notNull(),
    givenAt: timestamp({ withTimezone: true }),
    reason: text(),
    prnReason: text().notNull().default(''),
    note: text().notNull().default(''),
    /** Who had recorded the version replaced, and when (its updated_at). */
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    /** Who corrected it, and when. */
    replacedBy: integer()
      .notNull()
      .references(() => users.id),
    replacedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('dose_corrections_dose_idx').on(t.doseId, t.replacedAt)],
);

/**
 * The alerts sent for scheduled doses without an outcome: one row per dose and kind (late,
 * missed). Inserted with the notifications in one transaction, `on conflict do nothing`, so each
 * alert fires exactly once however many instances sweep.
 */
export const doseAlerts = pgTable(
  'dose_alerts',
  {
    prescriptionId: integer()
      .notNull()
      .references(() => prescriptions.id),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    /** late | missed */
    kind: text().notNull(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.prescriptionId, t.scheduledAt, t.kind] })],
);

/**
 * The agency's settings: one row (id 1). The time zone doses are scheduled in, and when a dose
 * is due, late and missed.
 */
export const agencySettings = pgTable(
  'agency_settings',
  {
    id: smallint().primaryKey().default(1),
    /** An IANA zone, e.g. Europe/London. */
    timeZone: text().notNull(),
    /** A dose is due from this many minutes before its time to as many after; late after. */
    doseWindowMinutes: smallint().notNull().default(60),
    /** A dose without an outcome is missed this many minutes after its time. */
    doseMissedAfterMinutes: smallint().notNull().default(240),
    /** A visit not checked in this many minutes after its start is late (the office is told). */
    visitLateAfterMinutes: smallint().notNull().default(15),
    /** Who may sign up without an invitation: open (anyone, as before) | patients | closed. */
    signUpPolicy: text().notNull().default('open'),
    /** How many days an invitation link stays valid. */
    invitationDays: smallint().notNull().default(7),
    /** Admins and supervisors must sign in with a second factor (an authenticator code). */
    requireTwoFactorForStaff: boolean().notNull().default(false),
    /**
     * How many years audit rows are kept; older ones are written to an archive file and
     * deleted (server/jobs/audit-retention.ts). Six years by default, a common period for
     * health records.
     */
    auditRetentionYears: smallint().notNull().default(6),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('agency_settings_one_row', sql`${t.id} = 1`)],
);
