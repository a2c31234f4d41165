import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const reminders = pgTable(
  'reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    message: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    /** Set once, when the reminder has become a notification. */
    firedAt: timestamp({ withTimezone: true }),
    isPreset: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reminders_user_idx').on(t.userId, t.date),
    index('reminders_due_idx')
      .on(t.date)
      .where(sql`${t.firedAt} is null and ${t.deletedAt} is null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    message: text().notNull(),
    /** reminder | appointment | progress-report | prescription | vital-sign | system */
    kind: text().notNull(),
    /** The screen the notification is about, e.g. /appointments. */
    link: text(),
    /**
     * The moment the message speaks of. A message holding `{at}` has it written in the
     * reader's time zone when it is read, not in the zone of whoever caused it.
     */
    at: timestamp({ withTimezone: true }),
    reminderId: integer().references(() => reminders.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    dismissedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.dismissedAt} is null`),
  ],
);
