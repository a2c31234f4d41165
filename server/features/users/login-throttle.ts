import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

/** Failed logins are counted over this sliding window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** After this many failures for one username within the window, its logins answer 429. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** After this many failures from one client address within the window, its logins answer 429. */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Usernames are unique case-insensitively, so the throttle counts them the same way. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();

export interface ThrottleVerdict {
  throttled: boolean;
  /** Seconds until an attempt is allowed again (for Retry-After), when throttled. */
  retryAfterSeconds: number;
}

/**
 * How long until the count of failures matching `where` drops below `limit`: the limit-th most
 * recent failure must leave the window. Null when under the limit.
 */
async function waitFor(
  db: Executor,
  where: ReturnType<typeof and>,
  limit: number,
  now: Date,
): Promise<number | null> {
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
 * Whether a login attempt for `username` from `ip` must be refused before the password is even
 * looked at. Stored in the database, so every app instance sharing it applies the same limits.
 */
export async function checkLoginThrottle(
  db: Executor,
  username: string,
  ip: string,
  now: Date,
): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const recent = gt(loginFailures.at, since);
  const [account, address] = await Promise.all([
    waitFor(
      db,
      and(eq(loginFailures.usernameKey, usernameKey(username)), recent),
      MAX_FAILURES_PER_ACCOUNT,
      now,
    ),
    waitFor(db, and(eq(loginFailures.ip, ip), recent), MAX_FAILURES_PER_ADDRESS, now),
  ]);
  const waits = [account, address].filter((w): w is number => w !== null);
  return waits.length
    ? { throttled: true, retryAfterSeconds: Math.max(...waits) }
    : { throttled: false, retryAfterSeconds: 0 };
}

/** Records one failed attempt and drops failures that have left the window. */
export async function recordLoginFailure(
  db: Executor,
  username: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.insert(loginFailures).values({ usernameKey: usernameKey(username), ip, at: now });
  await db
    .delete(loginFailures)
    .where(lte(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)));
}

/** A successful login forgets that username's failures (the address's others stay counted). */
export async function clearLoginFailures(db: Executor, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey(username)));
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
