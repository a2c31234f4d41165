import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Private calendar feeds (iCalendar .ics URLs). A calendar app cannot send a session cookie, so
 * the URL carries a long random token; only its SHA-256 is kept, so a copy of the database
 * cannot be turned into working feed URLs. A user has at most one live feed: making a new one
 * revokes the old (revokedAt), which is kept for the audit trail's story.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The last time a calendar app fetched the feed. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash),
    // One live feed per user; also the lookup of "my feed".
    uniqueIndex('calendar_feeds_live_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('calendar_feeds_user_idx').on(t.userId, t.createdAt),
  ],
);
