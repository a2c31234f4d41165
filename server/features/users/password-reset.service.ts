import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { passwordResetTexts } from '../../../shared/messages.ts';
import type {
  AdminResetLink,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  ResetLinkCheck,
} from '../../../shared/schemas/password-reset.ts';
import type { RequestContext } from '../../auth/context.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema/index.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findLiveAccountToken, issueAccountToken, spendAccountToken } from './account-tokens.ts';
import { accountAudit, sameEmail, sameUsername, type PublicContext } from './accounts.ts';
import { clearLoginFailures } from './login-throttle.ts';

/** An emailed link works for 30 minutes: it travels through mailboxes. */
export const EMAILED_RESET_MS = 30 * 60_000;
/**
 * An admin's link works for 24 hours: it is handed over in person or by phone, which may take
 * until the next shift; it is still single-use and ends with the next one spent.
 */
export const ADMIN_RESET_MS = 24 * 60 * 60_000;
/** Reset emails one account may be sent per hour, whoever asks; more are not sent. */
export const MAX_RESET_EMAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;
/** The per-account advisory lock's class (with the user id), so parallel asks count once each. */
const RESET_LOCK_CLASS = 730_451_020;

const invalidLink = () => badRequest(undefined, passwordResetTexts.linkInvalid);

/** Requests still working after their answer was sent; waited for on shutdown and in tests. */
const pending = new Set<Promise<void>>();

/**
 * Starts a reset request and returns at once: the answer is the same 202 whatever the account,
 * and it leaves before the account is even looked up, so its timing tells nothing either.
 */
export function startPasswordReset(
  ctx: PublicContext,
  input: PasswordResetRequestInput,
  mailer: Mailer | null,
  onError: (error: unknown) => void,
): void {
  const work = requestPasswordReset(ctx, input, mailer).catch(onError);
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/** Waits for every reset request still at work (shutdown, tests). */
export async function settlePasswordResets(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * Emails a 30-minute reset link to an active account named by its username or email, at most
 * MAX_RESET_EMAILS_PER_HOUR times an hour. Unknown accounts leave nothing; a known one leaves
 * one 'password-reset-request' audit row (failure when nothing was sent).
 */
async function requestPasswordReset(
  ctx: PublicContext,
  input: PasswordResetRequestInput,
  mailer: Mailer | null,
): Promise<void> {
  const now = ctx.clock.now();
  const matches = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(or(sameUsername(input.usernameOrEmail), sameEmail(input.usernameOrEmail)))
    .limit(2);
  // A username that happens to be another account's email: the username wins.
  const key = input.usernameOrEmail.toLowerCase();
  const account = matches.find((m) => m.username.toLowerCase() === key) ?? matches[0];
  if (!account) return;
  const audit = accountAudit(ctx, account);
  const event = {
    action: 'password-reset-request',
    entity: 'user',
    entityId: account.id,
  } as const;
  if (!account.isActive || !mailer) {
    await audit.record({ ...event, outcome: 'failure' });
    return;
  }
  const token = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_LOCK_CLASS}, ${account.id})`);
    if ((await emailsSentLastHour(tx, account.id, now)) >= MAX_RESET_EMAILS_PER_HOUR) return null;
    const issued = await issueAccountToken(tx, 'password-reset', now, EMAILED_RESET_MS, {
      userId: account.id,
    });
    await audit.within(tx, event);
    return issued.token;
  });
  if (!token) {
    await audit.record({ ...event, outcome: 'failure' });
    return;
  }
  const link = `${mailer.appUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
  await mailer.send({
    to: account.email,
    subject: passwordResetTexts.emailSubject,
    text: passwordResetTexts.emailBody(account.firstName, account.username, link),
  });
}

/** Reset links the account holder asked for in the last hour (an admin's links are not counted). */
async function emailsSentLastHour(tx: Tx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.kind, 'password-reset'),
        eq(accountTokens.userId, userId),
        isNull(accountTokens.createdBy),
        gt(accountTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** The live link and its active account; null for any other token (forged, spent, expired). */
async function liveResetAccount(db: Executor, token: string, now: Date, forUpdate = false) {
  const row = await findLiveAccountToken(db, 'password-reset', token, now, { forUpdate });
  if (!row?.userId) return null;
  const [account] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, row.userId), eq(users.isActive, true)))
    .limit(1);
  return account ? { token: row, account } : null;
}

/** Whether a reset link still works; 404 with one message for every link that does not. */
export async function checkResetLink(ctx: PublicContext, token: string): Promise<ResetLinkCheck> {
  const live = await liveResetAccount(ctx.db, token, ctx.clock.now());
  if (!live) throw new HttpError(404, passwordResetTexts.linkInvalid);
  return { valid: true, username: live.account.username };
}

/**
 * Sets a new password through a reset link. In one transaction: the password, the link spent,
 * every other live reset link of the account revoked, all its sessions ended, its failed logins
 * forgotten, and the 'password-reset' audit row. A link that does not work changes nothing.
 */
export async function confirmPasswordReset(
  ctx: PublicContext,
  input: PasswordResetConfirmInput,
): Promise<void> {
  // Checked before hashing, so a forged token costs no 19 MiB hash; checked again, locked, below.
  const now = ctx.clock.now();
  if (!(await liveResetAccount(ctx.db, input.token, now))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const live = await liveResetAccount(tx, input.token, now, true);
    if (!live) throw invalidLink();
    const { account } = live;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, account.id));
    await spendAccountToken(tx, live.token.id, now);
    await tx
      .update(accountTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(accountTokens.kind, 'password-reset'),
          eq(accountTokens.userId, account.id),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.revokedAt),
          ne(accountTokens.id, live.token.id),
        ),
      );
    await revokeUserSessions(tx, account.id, now);
    await clearLoginFailures(tx, account.username);
    await accountAudit(ctx, account).within(tx, {
      action: 'password-reset',
      entity: 'user',
      entityId: account.id,
    });
  });
}

/**
 * An admin's reset link for an active account: a 24-hour single-use token the admin hands over
 * (the client composes the address from its own origin). Audited without the token.
 */
export async function issueAdminResetLink(
  ctx: RequestContext,
  userId: number,
): Promise<AdminResetLink> {
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      const [target] = await tx
        .select({ id: users.id, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!target) throw notFound();
      if (!target.isActive) throw badRequest(undefined, passwordResetTexts.inactiveAccount);
      const { token, row } = await issueAccountToken(tx, 'password-reset', now, ADMIN_RESET_MS, {
        userId,
        createdBy: ctx.user.id,
      });
      return { token, expiresAt: row.expiresAt.toISOString() };
    },
    () => ({ action: 'password-reset-link', entity: 'user', entityId: userId }),
  );
}
