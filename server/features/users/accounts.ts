import { sql, type SQL } from 'drizzle-orm';
import { apiErrors } from '../../../shared/messages.ts';
import { normalizeRole } from '../../../shared/permissions.ts';
import { createAuditor, type Auditor } from '../../audit/audit.ts';
import type { AnonymousContext, RequestContext } from '../../auth/context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';

/** Sign-up and login are public: a request may come with a session or without. */
export type PublicContext = RequestContext | AnonymousContext;

/**
 * Serialises the changes that must see every account at once (the first sign-up becoming admin,
 * username and email uniqueness checks, keeping at least one admin): a transaction-scoped
 * advisory lock, so it holds across app instances sharing one PostgreSQL server.
 */
const ACCOUNTS_LOCK_KEY = 730_451_001;
export async function lockAccounts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK_KEY})`);
}

export const sameUsername = (username: string): SQL =>
  sql`lower(${users.username}) = ${username.trim().toLowerCase()}`;
export const sameEmail = (email: string): SQL =>
  sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** Which unique index a database error hit, if it is a unique violation on users. */
export function uniqueViolationField(error: unknown): 'username' | 'email' | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') {
      if (e.constraint?.includes('username')) return 'username';
      if (e.constraint?.includes('email')) return 'email';
    }
    e = e.cause as typeof e;
  }
  return null;
}

export const usernameTaken = () =>
  conflict(apiErrors.usernameTaken, { username: apiErrors.usernameTaken });
export const emailTaken = () => conflict(apiErrors.emailTaken, { email: apiErrors.emailTaken });

/**
 * The audit trail of an account acting for itself on a public route (signing up, logging in),
 * or of nobody when the account is unknown: the rows never name a session the request may
 * happen to carry.
 */
export function accountAudit(
  ctx: PublicContext,
  account: { id: number; role: string } | null,
): Auditor {
  return createAuditor(ctx.db, () => ctx.clock.now(), {
    userId: account?.id ?? null,
    role: account ? normalizeRole(account.role) : null,
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
}
