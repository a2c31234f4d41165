import type { FastifyInstance } from 'fastify';
import { lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  idempotencyKeys,
  loginFailures,
  loginThrottleCounts,
  sessions,
} from '../db/schema/index.ts';
import { LOGIN_FAILURE_WINDOW_MS } from '../features/users/login-throttle.ts';
import { MAX_OFFLINE_AGE_MS } from '../../shared/offline.ts';
import { runPeriodically, type PeriodicJob } from './periodic.ts';

/** Ended sessions are kept this long (who was signed in from where), then deleted. */
export const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * An offline change's key (and the answer stored on it, which holds health data) is kept a day
 * longer than a device may hold the change: past that no retry of it can come.
 */
export const IDEMPOTENCY_RETENTION_MS = MAX_OFFLINE_AGE_MS + 24 * 60 * 60 * 1000;
/** How often the pruning runs; it also runs once at start. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes sessions that ended (logged out, revoked, past their absolute limit, or idle) more
 * than SESSION_RETENTION_MS ago, the login throttle's rows that left their window, and the
 * idempotency keys of offline changes older than IDEMPOTENCY_RETENTION_MS. Safe on
 * several instances at once: each only deletes what nobody can use any more.
 */
export async function pruneSessions(
  db: Executor,
  now: Date,
): Promise<{ sessions: number; throttleRows: number; idempotencyKeys: number }> {
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.revokedAt, cutoff),
        lt(sessions.expiresAt, cutoff),
        // Unused for 30 days: long past its 30-minute idle limit.
        lt(sessions.lastSeenAt, cutoff),
      ),
    )
    .returning({ id: sessions.id });
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const failures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, windowStart))
    .returning({ id: loginFailures.id });
  const counts = await db
    .delete(loginThrottleCounts)
    // A count's window starts at most one window before its last attempt.
    .where(
      lt(
        loginThrottleCounts.windowStart,
        new Date(windowStart.getTime() - LOGIN_FAILURE_WINDOW_MS),
      ),
    )
    .returning({ ip: loginThrottleCounts.ip });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ id: idempotencyKeys.id });
  return {
    sessions: ended.length,
    throttleRows: failures.length + counts.length,
    idempotencyKeys: keys.length,
  };
}

export type PruneScheduler = PeriodicJob;

/** Runs pruneSessions at start and then every `everyMs`; runs never overlap. */
export function startSessionPruning(
  app: FastifyInstance,
  options: { everyMs?: number } = {},
): PruneScheduler {
  return runPeriodically(
    app,
    options.everyMs ?? PRUNE_EVERY_MS,
    () => pruneSessions(app.db, app.clock.now()),
    {
      done: (pruned) => {
        if (pruned.sessions > 0) app.log.info({ pruned: pruned.sessions }, 'old sessions deleted');
      },
      failure: 'pruning sessions failed',
    },
  );
}
