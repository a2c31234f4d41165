import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { patients } from './patients.ts';
import { users } from './users.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    doctorId: integer()
      .notNull()
      .references(() => users.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    /** A point in time, stored in UTC. */
    appointmentDate: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    /** How long the appointment is planned to take, in minutes. */
    durationMinutes: smallint().notNull().default(30),
    /** scheduled | completed | no-show | cancelled */
    status: text().notNull().default('scheduled'),
    /** Why it was cancelled, when it was and by whom (a cancelled appointment is kept). */
    cancelReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: integer().references(() => users.id),
    requestedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Deleted Records reads only the deleted rows of each table.
    index('appointments_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('appointments_doctor_idx').on(t.doctorId, t.appointmentDate),
    index('appointments_patient_idx').on(t.patientId, t.appointmentDate),
    index('appointments_date_idx').on(t.appointmentDate),
  ],
);
