import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateSync, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { twoFactorTexts } from '../../../shared/messages.ts';
import type {
  RecoveryCodes,
  TwoFactorLoginInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/schemas/two-factor.ts';
import type { AuditActionName } from '../../../shared/schemas/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import { hashToken } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { findLiveAccountToken, spendAccountToken } from './account-tokens.ts';
import { accountAudit, type PublicContext } from './accounts.ts';
import {
  clearLoginFailures,
  forgetOldFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from './login-throttle.ts';
import {
  checkReserved,
  refuseThrottled,
  startLoginSession,
  ThrottledError,
  type LoginResult,
} from './login.service.ts';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is accepted too (clocks drift). */
const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The name the authenticator app shows beside the account. */
const TOTP_ISSUER = 'ElderCare';
// No 0/o, 1/l/i: a code read from paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The 30-second step whose code `code` is, within one step of `now`, or null. Each step of the
 * window is computed and compared in constant time (no early return on the first digit).
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const current = stepOf(now);
  let matched: number | null = null;
  for (let delta = -TOTP_WINDOW_STEPS; delta <= TOTP_WINDOW_STEPS; delta++) {
    const step = current + delta;
    const expected = generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS });
    if (sameText(expected, code) && matched === null) matched = step;
  }
  return matched;
}

/** A recovery code as stored: lower case without the dash, then SHA-256. */
const recoveryHash = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());

function newRecoveryCode(): string {
  let text = '';
  for (let i = 0; i < 8; i++) text += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** Replaces the account's recovery codes with a fresh set; answers the codes (shown once). */
async function replaceRecoveryCodes(db: Executor, userId: number, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryHash(code), createdAt: now })));
  return codes;
}

async function twoFactorRow(db: Executor, userId: number) {
  const [row] = await db
    .select({
      username: users.username,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function codesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether two-factor sign-in is on for the signed-in user, and how many recovery codes remain. */
export async function getTwoFactorStatus(ctx: RequestContext): Promise<TwoFactorStatus> {
  const row = await twoFactorRow(ctx.db, ctx.user.id);
  const enabled = row.totpEnabledAt !== null;
  await ctx.audit.read({ action: 'read', entity: 'two-factor', entityId: ctx.user.id });
  return { enabled, recoveryCodesLeft: enabled ? await codesLeft(ctx.db, ctx.user.id) : 0 };
}

/**
 * Starts turning two-factor on: a new secret, stored but not yet in force (totpEnabledAt stays
 * null until a first code confirms the app has it). 409 when it is already on.
 */
export async function startTwoFactorSetup(ctx: RequestContext): Promise<TwoFactorSetup> {
  const userId = ctx.user.id;
  const row = await twoFactorRow(ctx.db, userId);
  if (row.totpEnabledAt) throw new HttpError(409, twoFactorTexts.alreadyOn);
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: row.username, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  await ctx.audit.change(
    (tx) =>
      tx
        .update(users)
        .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null })
        .where(eq(users.id, userId)),
    () => ({ action: 'update', entity: 'two-factor', entityId: userId }),
  );
  return { secret, otpauthUrl, qrDataUrl };
}

const codeWrong = () => badRequest({ code: twoFactorTexts.codeWrong }, twoFactorTexts.codeWrong);

/**
 * Turns two-factor on once a code from the app matches the secret of the setup; answers the
 * ten recovery codes, the only time they are shown. A wrong code answers 400 and changes nothing.
 */
export async function enableTwoFactor(ctx: RequestContext, code: string): Promise<RecoveryCodes> {
  const userId = ctx.user.id;
  const now = ctx.clock.now();
  return ctx.audit.change(
    async (tx) => {
      const row = await twoFactorRow(tx, userId);
      if (row.totpEnabledAt) throw new HttpError(409, twoFactorTexts.alreadyOn);
      if (!row.totpSecret) throw badRequest(undefined, twoFactorTexts.notStarted);
      const step = matchTotpStep(row.totpSecret, code, now);
      if (step === null) throw codeWrong();
      await tx
        .update(users)
        .set({ totpEnabledAt: now, totpLastStep: step })
        .where(eq(users.id, userId));
      return { recoveryCodes: await replaceRecoveryCodes(tx, userId, now) };
    },
    () => ({ action: 'two-factor-on', entity: 'user', entityId: userId }),
  );
}

/**
 * Checks the signed-in user's password before a two-factor change, counted like login attempts
 * under the same throttle; a wrong one answers 400 on `password` (audited as a failed `action`).
 */
async function checkPassword(ctx: RequestContext, password: string, action: AuditActionName) {
  const now = ctx.clock.now();
  const reservation = await reserveLoginAttempt(ctx.db, ctx.user.username, ctx.ip, now);
  if (reservation.throttled) throw new ThrottledError(reservation.retryAfterSeconds);
  const ok = await checkReserved(ctx, reservation, async () => {
    const [row] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, ctx.user.id))
      .limit(1);
    return row ? verifyPassword(row.passwordHash, password) : false;
  });
  if (ok) {
    await releaseLoginAttempt(ctx.db, reservation.failureId);
    return;
  }
  await forgetOldFailures(ctx.db, now);
  await ctx.audit.record({ action, entity: 'user', entityId: ctx.user.id, outcome: 'failure' });
  throw badRequest({ password: twoFactorTexts.passwordWrong }, twoFactorTexts.passwordWrong);
}

async function turnOff(db: Executor, userId: number): Promise<void> {
  // One after the other: a transaction's connection runs one query at a time.
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Turns two-factor off for the signed-in user after their password; deletes the recovery codes. */
export async function disableTwoFactor(ctx: RequestContext, password: string): Promise<void> {
  const userId = ctx.user.id;
  await checkPassword(ctx, password, 'two-factor-off');
  await ctx.audit.change(
    async (tx) => {
      await turnOff(tx, userId);
    },
    () => ({ action: 'two-factor-off', entity: 'user', entityId: userId }),
  );
}

/** A fresh set of recovery codes after the password (the old ones stop working). */
export async function regenerateRecoveryCodes(
  ctx: RequestContext,
  password: string,
): Promise<RecoveryCodes> {
  const userId = ctx.user.id;
  const row = await twoFactorRow(ctx.db, userId);
  if (!row.totpEnabledAt) throw badRequest(undefined, twoFactorTexts.notOn);
  await checkPassword(ctx, password, 'recovery-codes');
  return ctx.audit.change(
    async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId, ctx.clock.now()) }),
    () => ({ action: 'recovery-codes', entity: 'user', entityId: userId }),
  );
}

/** An admin turns two-factor off for someone who lost both their phone and their codes. */
export async function adminDisableTwoFactor(ctx: RequestContext, userId: number): Promise<void> {
  await ctx.audit.change(
    async (tx) => {
      await twoFactorRow(tx, userId);
      await turnOff(tx, userId);
    },
    () => ({ action: 'two-factor-off', entity: 'user', entityId: userId }),
  );
}

/** Every failure of the code step: a forged, spent or expired challenge alike. */
const challengeInvalid = () => new HttpError(401, twoFactorTexts.challengeInvalid);

/**
 * The code step of a login: a live challenge from the password step plus a code from the app
 * (never one of a step already used) or an unused recovery code (spent). Wrong codes count like
 * wrong passwords, per account and per address; a right one spends the challenge and starts the
 * session as a password login does.
 */
export async function completeTwoFactorLogin(
  ctx: PublicContext,
  input: TwoFactorLoginInput,
  userAgent: string | undefined,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  const challenge = await findLiveAccountToken(ctx.db, 'two-factor', input.challenge, now);
  if (!challenge?.userId) throw challengeInvalid();
  const [account] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      privileges: users.privileges,
      isActive: users.isActive,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, challenge.userId))
    .limit(1);
  if (!account?.isActive || !account.totpEnabledAt) throw challengeInvalid();

  const reservation = await reserveLoginAttempt(ctx.db, account.username, ctx.ip, now);
  if (reservation.throttled) return refuseThrottled(ctx, reservation, now);
  const outcome = await checkReserved(ctx, reservation, () =>
    ctx.db.transaction(async (tx) => {
      // Locked: two requests with one challenge spend it once.
      const live = await findLiveAccountToken(tx, 'two-factor', input.challenge, now, {
        forUpdate: true,
      });
      if (!live) return 'expired' as const;
      const ok = /^\d{6}$/.test(input.code)
        ? await spendTotpCode(tx, account.id, input.code, now)
        : await spendRecoveryCode(tx, account.id, input.code, now);
      if (!ok) return 'wrong' as const;
      await spendAccountToken(tx, live.id, now);
      return 'ok' as const;
    }),
  );
  if (outcome === 'expired') {
    await releaseLoginAttempt(ctx.db, reservation.failureId);
    throw challengeInvalid();
  }
  if (outcome === 'wrong') {
    await forgetOldFailures(ctx.db, now);
    await accountAudit(ctx, null).record({
      action: 'login-failed',
      entity: 'user',
      entityId: account.id,
      outcome: 'failure',
    });
    throw new HttpError(401, twoFactorTexts.codeWrong, { code: twoFactorTexts.codeWrong });
  }
  await clearLoginFailures(ctx.db, account.username);
  return startLoginSession(ctx, account, userAgent);
}

/**
 * Accepts an authenticator code once: its step must be later than the last accepted one, and
 * the conditional update makes that hold for two requests at once too.
 */
async function spendTotpCode(db: Executor, userId: number, code: string, now: Date) {
  const [row] = await db
    .select({ secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.secret) return false;
  const step = matchTotpStep(row.secret, code, now);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Spends an unused recovery code of the account (each works once). */
async function spendRecoveryCode(db: Executor, userId: number, code: string, now: Date) {
  const updated = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return updated.length === 1;
}
