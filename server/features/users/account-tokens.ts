import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';

/** What a single-use link is for. */
export type AccountTokenKind = 'invitation' | 'password-reset' | 'two-factor';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
type NewAccountToken = Omit<
  typeof accountTokens.$inferInsert,
  'id' | 'tokenHash' | 'kind' | 'createdAt' | 'expiresAt' | 'usedAt' | 'revokedAt'
>;

/**
 * Makes a single-use link's token: 32 random bytes (256 bits) in base64url. Only its SHA-256 is
 * stored, so a copy of the database cannot be turned into working links.
 */
export async function issueAccountToken(
  db: Executor,
  kind: AccountTokenKind,
  now: Date,
  validForMs: number,
  values: NewAccountToken,
): Promise<{ token: string; row: AccountTokenRow }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(accountTokens)
    .values({
      ...values,
      kind,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + validForMs),
    })
    .returning();
  return { token, row: row! };
}

/**
 * The link a token names, if it is of this kind, unspent, unrevoked and unexpired; null for any
 * other token (forged, spent, revoked, expired alike), so that no answer tells them apart.
 * Within a transaction, `forUpdate` locks the row, so two uses at once spend it once.
 */
export async function findLiveAccountToken(
  db: Executor,
  kind: AccountTokenKind,
  token: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<AccountTokenRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const query = db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Spends a link: it never works again. */
export async function spendAccountToken(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, id));
}
