import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Counts and kinds that describe an event beyond its record: never PHI values. */
export type AuditDetails = Record<string, string | number | boolean | null>;

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
    /**
     * What an event covered when that is not one record: an export's row count and filters, an
     * import's counts, a feed's event count. Null for ordinary reads and changes.
     */
    details: jsonb().$type<AuditDetails>(),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_user_idx').on(t.userId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
  ],
);
