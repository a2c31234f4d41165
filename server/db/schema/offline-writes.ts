import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The idempotency keys of changes sent from a device's offline queue (shared/offline.ts). A row
 * is inserted in the change's own transaction, so it exists if and only if the change
 * committed; its answer is stored once sent, and a repeat of the key answers it again. Rows
 * older than 30 days are pruned with the ended sessions (server/jobs/sessions.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The key the device chose (1-100 characters of A-Z a-z 0-9 - _). */
    key: text().notNull(),
    /** The route it was applied on, e.g. 'POST /api/visits/check-in/:id'. */
    route: text().notNull(),
    /** The answer's status and body; null until the answer has been stored. */
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
