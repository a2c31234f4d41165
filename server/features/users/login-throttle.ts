import { and, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { loginFailures, loginThrottleCounts } from '../../db/schema/index.ts';

/** Failed logins are counted over this sliding window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * After this many failures for one username from one client address within the window, that
 * address's logins to that username answer 429; the real user elsewhere is not locked out.
 */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** After this many failures for one username from any addresses, its logins answer 429. */
export const MAX_FAILURES_PER_ACCOUNT_GLOBAL = 20;
/** After this many failures from one client address within the window, its logins answer 429. */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Usernames are unique case-insensitively, so the throttle counts them the same way. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();

// The first half of the two-part advisory lock keys of the throttle (the second is a hash of
// the username or address), so they never meet the one-part keys of the accounts lock.
const ACCOUNT_LOCK_CLASS = 730_451_101;
const ADDRESS_LOCK_CLASS = 730_451_102;

export type Reservation =
  { throttled: true; retryAfterSeconds: number } | { throttled: false; failureId: number };

/**
 * How long until the count of failures matching `where` drops below `limit`: the limit-th most
 * recent failure must leave the window. Null when under the limit.
 */
async function waitFor(db: Executor, where: SQL | undefined, limit: number, now: Date) {
  const [row] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(where)
    .orderBy(desc(loginFailures.at))
    .offset(limit - 1)
    .limit(1);
  if (!row) return null;
  return Math.max(
    1,
    Math.ceil((row.at.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000),
  );
}

/**
 * Takes the username's and the address's locks for the rest of the transaction, always in this
 * order so two attempts never wait for each other in a circle. Held only while counting and
 * recording (never while a password is hashed), and per key: other accounts never wait.
 */
async function lockKeys(tx: Tx, key: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${key}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${ip}))`);
}

/**
 * Counts and records a login attempt as one atomic step, before the password is checked: under
 * the limits, the attempt is stored as a failure at once (and taken back if the password turns
 * out right), so however many attempts arrive together, at most the limit are ever checked.
 * Stored in the database under advisory locks, so every app instance sharing it agrees.
 */
export function reserveLoginAttempt(
  db: Db,
  username: string,
  ip: string,
  now: Date,
): Promise<Reservation> {
  const key = usernameKey(username);
  return db.transaction(async (tx) => {
    await lockKeys(tx, key, ip);
    const recent = gt(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    const sameAccount = eq(loginFailures.usernameKey, key);
    const sameAddress = eq(loginFailures.ip, ip);
    const waits = (
      await Promise.all([
        waitFor(tx, and(sameAccount, sameAddress, recent), MAX_FAILURES_PER_ACCOUNT, now),
        waitFor(tx, and(sameAccount, recent), MAX_FAILURES_PER_ACCOUNT_GLOBAL, now),
        waitFor(tx, and(sameAddress, recent), MAX_FAILURES_PER_ADDRESS, now),
      ])
    ).filter((wait): wait is number => wait !== null);
    if (waits.length > 0) return { throttled: true, retryAfterSeconds: Math.max(...waits) };
    const [row] = await tx
      .insert(loginFailures)
      .values({ usernameKey: key, ip, at: now })
      .returning({ id: loginFailures.id });
    return { throttled: false, failureId: row!.id };
  });
}

/** Takes back a reserved attempt that was not a wrong password (the check could not run). */
export async function releaseLoginAttempt(db: Executor, failureId: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, failureId));
}

/** Drops failures that have left the window (the reserved row already counts this one). */
export async function forgetOldFailures(db: Executor, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lte(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)));
}

/** A successful login forgets that username's failures (the address's others stay counted). */
export async function clearLoginFailures(db: Executor, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey(username)));
}

/**
 * Counts one attempt refused with 429 from `ip` in the current window; true for the first of
 * the window, which alone gets an audit row (the rest are only counted).
 */
export async function countThrottledAttempt(db: Executor, ip: string, now: Date) {
  const windowStart = new Date(
    Math.floor(now.getTime() / LOGIN_FAILURE_WINDOW_MS) * LOGIN_FAILURE_WINDOW_MS,
  );
  const [row] = await db
    .insert(loginThrottleCounts)
    .values({ ip, windowStart, attempts: 1 })
    .onConflictDoUpdate({
      target: [loginThrottleCounts.ip, loginThrottleCounts.windowStart],
      set: { attempts: sql`${loginThrottleCounts.attempts} + 1` },
    })
    .returning({ attempts: loginThrottleCounts.attempts });
  return row?.attempts === 1;
}

/** Failures currently counted for a username (tests and diagnostics). */
export async function countAccountFailures(
  db: Executor,
  username: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.usernameKey, usernameKey(username)),
        gt(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}
