import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { progressReports } from './clinical.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

/**
 * A weekly repeat of visits: the days and the end date it was planned with. Its occurrences are
 * stored as visits when it is planned (at most a year ahead), so the rota, check-in, alerts and
 * timesheets read one table; the series only ties them together for "this and following" edits.
 */
export const visitSeries = pgTable('visit_series', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  patientId: integer()
    .notNull()
    .references(() => patients.id),
  /** ISO weekdays, 1 Monday .. 7 Sunday. */
  weekdays: smallint().array().notNull(),
  /** YYYY-MM-DD, inclusive, in the agency's zone. */
  untilDate: text().notNull(),
  createdBy: integer()
    .notNull()
    .references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A caregiver's visit to a patient's home (the `visit` record type). Status: planned,
 * in-progress (checked in), completed (checked out), missed (never checked in by its planned
 * end), cancelled (with a reason). Check-in and check-out keep the time and, when the caregiver's
 * browser shared it, the position and its accuracy; `*_location` says shared, refused or
 * unavailable.
 */
export const visits = pgTable(
  'visits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    /** Null: not assigned yet (the rota shows it as unassigned). */
    caregiverId: integer().references(() => users.id),
    seriesId: integer().references(() => visitSeries.id),
    plannedStart: timestamp({ withTimezone: true }).notNull(),
    plannedEnd: timestamp({ withTimezone: true }).notNull(),
    /** personal-care | medication-support | meal-preparation | companionship | nursing | other */
    serviceType: text().notNull(),
    /** planned | in-progress | completed | missed | cancelled */
    status: text().notNull().default('planned'),
    cancelReason: text(),
    /** Instructions for the caregiver, from the planner. */
    instructions: text().notNull().default(''),
    checkInAt: timestamp({ withTimezone: true }),
    /** shared | refused | unavailable */
    checkInLocation: text(),
    checkInLatitude: doublePrecision(),
    checkInLongitude: doublePrecision(),
    /** Metres, as the browser reported it. */
    checkInAccuracy: doublePrecision(),
    checkOutAt: timestamp({ withTimezone: true }),
    checkOutLocation: text(),
    checkOutLatitude: doublePrecision(),
    checkOutLongitude: doublePrecision(),
    checkOutAccuracy: doublePrecision(),
    /** The caregiver's note at check-out. */
    note: text().notNull().default(''),
    /** The progress report made from the check-out, when the caregiver asked for one. */
    progressReportId: integer().references(() => progressReports.id),
    /** Who planned it (the record's recorder). */
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Deleted Records reads only the deleted rows of each table.
    index('visits_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // A caregiver's day and week (my visits today, the rota, overlaps, timesheets).
    index('visits_caregiver_idx').on(t.caregiverId, t.plannedStart),
    index('visits_patient_idx').on(t.patientId, t.plannedStart, t.id),
    // The rota's week of every caregiver, and the alert sweep.
    index('visits_start_idx').on(t.plannedStart),
    index('visits_open_idx')
      .on(t.plannedStart)
      .where(sql`${t.status} = 'planned' and ${t.deletedAt} is null`),
    index('visits_series_idx')
      .on(t.seriesId, t.plannedStart)
      .where(sql`${t.seriesId} is not null`),
  ],
);

/** A visit's tasks, copied from the patient's care plan when planned; the caregiver marks each. */
export const visitTasks = pgTable(
  'visit_tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    visitId: integer()
      .notNull()
      .references(() => visits.id),
    position: smallint().notNull(),
    title: text().notNull(),
    /** pending | done | not-done */
    status: text().notNull().default('pending'),
    /** Why it was not done. */
    reason: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visit_tasks_visit_idx').on(t.visitId, t.position)],
);

/** The times a supervisor corrected, with the values replaced and the reason (timesheets). */
export const visitCorrections = pgTable(
  'visit_corrections',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    visitId: integer()
      .notNull()
      .references(() => visits.id),
    previousCheckInAt: timestamp({ withTimezone: true }),
    previousCheckOutAt: timestamp({ withTimezone: true }),
    previousStatus: text().notNull(),
    checkInAt: timestamp({ withTimezone: true }),
    checkOutAt: timestamp({ withTimezone: true }),
    reason: text().notNull(),
    correctedBy: integer()
      .notNull()
      .references(() => users.id),
    correctedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visit_corrections_visit_idx').on(t.visitId, t.correctedAt)],
);

/**
 * The alerts sent for a visit: late (not checked in `visit_late_after_minutes` after its start)
 * and missed (never checked in by its end). Inserted with the notifications in one transaction,
 * `on conflict do nothing`, so each fires exactly once however many instances sweep.
 */
export const visitAlerts = pgTable(
  'visit_alerts',
  {
    visitId: integer()
      .notNull()
      .references(() => visits.id),
    /** late | missed */
    kind: text().notNull(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.kind] })],
);

/**
 * A patient's standing care plan tasks (the `care-plan-task` record type): new visits copy the
 * live ones, in order.
 */
export const carePlanTasks = pgTable(
  'care_plan_tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    title: text().notNull(),
    position: smallint().notNull().default(0),
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Deleted Records reads only the deleted rows of each table.
    index('care_plan_tasks_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('care_plan_tasks_patient_idx').on(t.patientId, t.position, t.id),
  ],
);
