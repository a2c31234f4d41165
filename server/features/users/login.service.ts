import { accountMessages, apiErrors } from '../../../shared/messages.ts';
import { normalizeRole } from '../../../shared/permissions.ts';
import type { LoginInput } from '../../../shared/schemas/users.ts';
import { writeAudit, type AuditContext } from '../../audit/audit.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  clearLoginFailures,
  countThrottledAttempt,
  forgetOldFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type Reservation,
} from './login-throttle.ts';
import { findLoginAccount, loginFailed, passwordHashOf } from './users.service.ts';

/** What a login or password check needs of its request: no HTTP, only who asks from where. */
export interface AttemptContext {
  db: Db;
  clock: Clock;
  ip: string;
  requestId: string;
}

/** 429 with the seconds to wait, sent as Retry-After. */
export class ThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, apiErrors.tooManyRequests);
  }
}

const anonymousActor = (ctx: AttemptContext, at: Date): AuditContext => ({
  at,
  userId: null,
  role: null,
  ip: ctx.ip,
  requestId: ctx.requestId,
});

/**
 * Refuses a throttled attempt. Only the first refusal of an address in a window writes an audit
 * row; the others are counted (login_throttle_counts), so a flood cannot fill the audit log.
 */
async function refuseThrottled(
  ctx: AttemptContext,
  reservation: Extract<Reservation, { throttled: true }>,
  now: Date,
): Promise<never> {
  if (await countThrottledAttempt(ctx.db, ctx.ip, now)) {
    await writeAudit(ctx.db, anonymousActor(ctx, now), {
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
async function checkReserved<T>(
  ctx: AttemptContext,
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

export interface LoginResult {
  token: string;
  /** The stored role, as the seed's client expects it (`user` routes to the patient dashboard). */
  role: string;
}

/**
 * Logs in: throttles per (username, address), per username and per address; checks the
 * password (an unknown username pays for a check too, so timing does not reveal it); ends the
 * session presented with the request and starts a new one. Every failure is the same 401.
 */
export async function logIn(
  ctx: AttemptContext,
  input: LoginInput,
  meta: { userAgent?: string; presentedSessionId: number | null },
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
    await writeAudit(ctx.db, anonymousActor(ctx, now), {
      action: 'login-failed',
      entity: 'user',
      entityId: account?.id ?? null,
      outcome: 'failure',
    });
    throw loginFailed();
  }
  await clearLoginFailures(ctx.db, input.username);
  // A login always starts a new session; one presented with the request is ended.
  if (meta.presentedSessionId) await revokeSession(ctx.db, meta.presentedSessionId, now);
  const token = await createSession(ctx.db, account.id, now, {
    ip: ctx.ip,
    userAgent: meta.userAgent,
  });
  await writeAudit(
    ctx.db,
    { ...anonymousActor(ctx, now), userId: account.id, role: normalizeRole(account.role) },
    { action: 'login', entity: 'session', entityId: account.id },
  );
  return { token, role: account.role };
}

/**
 * Checks the current password before a password change. Guessing it through a stolen session
 * counts like failed logins, under the same atomic throttle. Answers 400 on currentPassword
 * when wrong (audited as a failed password change).
 */
export async function checkCurrentPassword(
  ctx: AttemptContext & { user: { id: number; username: string; role: string } },
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
  await writeAudit(
    ctx.db,
    { ...anonymousActor(ctx, now), userId: ctx.user.id, role: ctx.user.role },
    { action: 'password-change', entity: 'user', entityId: ctx.user.id, outcome: 'failure' },
  );
  throw new HttpError(400, accountMessages.currentPasswordWrong, {
    currentPassword: accountMessages.currentPasswordWrong,
  });
}
