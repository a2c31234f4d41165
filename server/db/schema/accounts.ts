import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { patients } from './patients.ts';
import { users } from './users.ts';

/**
 * Single-use links an agency hands out: invitations to join and password resets. Only the
 * SHA-256 of the link's token is kept; a link is spent (usedAt), revoked (revokedAt) or expired
 * (expiresAt), never deleted while it could still be shown in the audit trail's story.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** invitation | password-reset | two-factor (a password checked, a code awaited) */
    kind: text().notNull(),
    tokenHash: text().notNull(),
    /** A reset: the account it resets. An invitation: the account made when it was accepted. */
    userId: integer().references(() => users.id),
    /** An invitation: the invited person's email (may be empty for a link to copy). */
    email: text(),
    /** An invitation: the invited person's name, to greet them and prefill the form. */
    firstName: text(),
    secondName: text(),
    /** An invitation: the role and privileges the new account gets, with no approval. */
    role: text(),
    privileges: text(),
    /** An invitation for a patient: the patient record the new account is linked to. */
    patientId: integer().references(() => patients.id),
    /** Who made the link: an admin; null for a reset the account holder asked for. */
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_idx').on(t.tokenHash),
    index('account_tokens_kind_created_idx').on(t.kind, t.createdAt),
    index('account_tokens_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.userId} is not null`),
  ],
);
