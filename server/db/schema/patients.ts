import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const patients = pgTable(
  'patients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    dob: date({ mode: 'string' }).notNull(),
    gender: text().notNull(),
    address: text().notNull(),
    phoneNumber: text().notNull(),
    emergencyContact: text().notNull(),
    emergencyContactPhone: text().notNull(),
    /**
     * When a doctor recorded that the patient has no known allergies (null: never asked, or
     * allergies are listed). Recording an allergy clears it.
     */
    noKnownAllergiesAt: timestamp({ withTimezone: true }),
    noKnownAllergiesBy: integer().references(() => users.id),
    /** The patient's own user account, when linked. */
    accountUserId: integer().references(() => users.id),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Deleted Records reads only the deleted rows of each table.
    index('patients_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // One account belongs to at most one live patient record; the database enforces it, so two
    // simultaneous links cannot both succeed.
    uniqueIndex('patients_account_idx')
      .on(t.accountUserId)
      .where(sql`${t.deletedAt} is null`),
    index('patients_name_idx').on(t.lastName, t.firstName, t.id),
    index('patients_dob_idx').on(t.dob, t.id),
    index('patients_search_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

/** Which doctors and caregivers look after which patient. */
export const careTeamMembers = pgTable(
  'care_team_members',
  {
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    addedBy: integer().references(() => users.id),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.userId] }),
    index('care_team_user_idx').on(t.userId, t.patientId),
  ],
);
