import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only: who did what to which record, from where. Never holds PHI values. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    userId: integer(),
    role: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    patientId: integer(),
    /** Who a clinical record is in the name of, when not the actor (null otherwise). */
    subjectUserId: integer(),
    outcome: text().notNull(),
    ip: text(),
    requestId: text(),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_user_idx').on(t.userId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
  ],
);
