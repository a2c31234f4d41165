import { eq } from 'drizzle-orm';
import { accountMessages, apiErrors, notices } from '../../../shared/messages.ts';
import type { LoginInput } from '../../../shared/schemas/users.ts';
import type { RequestContext } from '../../auth/context.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { agencySettings, users } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { normalizePrivilege } from '../../../shared/permissions.ts';
import { issueAccountToken } from './account-tokens.ts';
import { accountAudit, sameUsername, type PublicContext } from './accounts.ts';
import {
  clearLoginFailures,
  countThrottledAttempt,
  forgetOldFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type Reservation,
} from './login-throttle.ts';

/** 429 with the seconds to wait, sent as Retry-After. */
export class ThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, apiErrors.tooManyRequests);
  }
}

/** Thrown for every login failure: unknown user, wrong password, deactivated account alike. */
const loginFailed = () => new HttpError(401, notices.loginFailed);

/** The account a login names, found case-insensitively; null when there is none. */
async function findLoginAccount(db: Executor, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      privileges: users.privileges,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(sameUsername(username))
    .limit(1);
  return row ?? null;
}

async function passwordHashOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  return row.passwordHash;
}

/**
 * Refuses a throttled attempt. Only the first refusal of an address in a window writes an audit
 * row; the others are counted (login_throttle_counts), so a flood cannot fill the audit log.
 */
export async function refuseThrottled(
  ctx: PublicContext,
  reservation: Extract<Reservation, { throttled: true }>,
  now: Date,
): Promise<never> {
  if (await countThrottledAttempt(ctx.db, ctx.ip, now)) {
    await accountAudit(ctx, null).record({
      action: 'login-failed',
      entity: 'session',
      outcome: 'denied',
    });
  }
  throw new ThrottledError(reservation.retryAfterSeconds);
}

/**
 * Runs a password check on a reserved attempt: a check that could not run (the server too busy
 * to hash) gives the attempt back instead of counting it as a wrong password.
 */
export async function checkReserved<T>(
  ctx: PublicContext,
  reservation: Extract<Reservation, { throttled: false }>,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await releaseLoginAttempt(ctx.db, reservation.failureId);
    throw error;
  }
}

/** How long the second step of a login (the authenticator code) may wait after the password. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60 * 1000;

export type LoginResult =
  | {
      token: string;
      /** The stored role, as the seed's client expects it (`user` routes to the patient dashboard). */
      role: string;
      /** The agency asks this admin or supervisor to turn two-factor on (they may still sign in). */
      twoFactorSetupRequired?: true;
    }
  | { role: string; twoFactorRequired: true; challenge: string };

/** Whether the agency asks this account (an admin or supervisor) to turn two-factor on. */
export async function isTwoFactorSetupRequired(ctx: PublicContext, privileges: string) {
  const privilege = normalizePrivilege(privileges);
  if (privilege !== 'admin' && privilege !== 'supervisor') return false;
  const [row] = await ctx.db
    .select({ required: agencySettings.requireTwoFactorForStaff })
    .from(agencySettings)
    .limit(1);
  return row?.required === true;
}

/**
 * Starts a session for an account whose credentials are all checked (password, and the
 * authenticator or a recovery code when two-factor is on): ends the session presented with the
 * request, audits the login.
 */
export async function startLoginSession(
  ctx: PublicContext,
  account: { id: number; role: string; privileges: string; totpEnabledAt: Date | null },
  userAgent: string | undefined,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  // A login always starts a new session; one presented with the request is ended.
  if (ctx.sessionId) await revokeSession(ctx.db, ctx.sessionId, now);
  const token = await createSession(ctx.db, account.id, now, { ip: ctx.ip, userAgent });
  await accountAudit(ctx, account).record({
    action: 'login',
    entity: 'session',
    entityId: account.id,
  });
  if (!account.totpEnabledAt && (await isTwoFactorSetupRequired(ctx, account.privileges))) {
    return { token, role: account.role, twoFactorSetupRequired: true };
  }
  return { token, role: account.role };
}

/**
 * Logs in: throttles per (username, address), per username and per address; checks the
 * password (an unknown username pays for a check too, so timing does not reveal it); ends the
 * session presented with the request and starts a new one. Every failure is the same 401.
 */
export async function logIn(
  ctx: PublicContext,
  input: LoginInput,
  userAgent: string | undefined,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  const reservation = await reserveLoginAttempt(ctx.db, input.username, ctx.ip, now);
  if (reservation.throttled) return refuseThrottled(ctx, reservation, now);
  const account = await findLoginAccount(ctx.db, input.username);
  const passwordOk = await checkReserved(ctx, reservation, async () =>
    account
      ? verifyPassword(account.passwordHash, input.password)
      : (await verifyAgainstDummy(input.password), false),
  );
  if (!account || !passwordOk || !account.isActive) {
    await forgetOldFailures(ctx.db, now);
    await accountAudit(ctx, null).record({
      action: 'login-failed',
      entity: 'user',
      entityId: account?.id ?? null,
      outcome: 'failure',
    });
    throw loginFailed();
  }
  if (account.totpEnabledAt) {
    // The password was right, so this attempt is not a failure; the username's earlier failures
    // stay counted (a right password must not reset the count of wrong codes).
    await releaseLoginAttempt(ctx.db, reservation.failureId);
    const { token: challenge } = await issueAccountToken(
      ctx.db,
      'two-factor',
      now,
      TWO_FACTOR_CHALLENGE_MS,
      { userId: account.id },
    );
    return { role: account.role, twoFactorRequired: true, challenge };
  }
  await clearLoginFailures(ctx.db, input.username);
  return startLoginSession(ctx, account, userAgent);
}

/** Ends the request's session at once, with its 'logout' audit row in the same transaction. */
export async function logOut(ctx: RequestContext): Promise<void> {
  const { sessionId } = ctx;
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      if (sessionId !== null) await revokeSession(tx, sessionId, now);
    },
    () => ({ action: 'logout', entity: 'session', entityId: ctx.user.id }),
  );
}

/**
 * Checks the current password before a password change. Guessing it through a stolen session
 * counts like failed logins, under the same atomic throttle. Answers 400 on currentPassword
 * when wrong (audited as a failed password change).
 */
export async function checkCurrentPassword(
  ctx: RequestContext,
  currentPassword: string,
): Promise<void> {
  const now = ctx.clock.now();
  const reservation = await reserveLoginAttempt(ctx.db, ctx.user.username, ctx.ip, now);
  if (reservation.throttled) throw new ThrottledError(reservation.retryAfterSeconds);
  const ok = await checkReserved(ctx, reservation, async () =>
    verifyPassword(await passwordHashOf(ctx.db, ctx.user.id), currentPassword),
  );
  if (ok) {
    await releaseLoginAttempt(ctx.db, reservation.failureId);
    return;
  }
  await forgetOldFailures(ctx.db, now);
  await ctx.audit.record({
    action: 'password-change',
    entity: 'user',
    entityId: ctx.user.id,
    outcome: 'failure',
  });
  throw new HttpError(400, accountMessages.currentPasswordWrong, {
    currentPassword: accountMessages.currentPasswordWrong,
  });
}
