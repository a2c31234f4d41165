import { sql } from 'drizzle-orm';
import type { AnonymousContext, RequestContext } from '../../auth/context.ts';

/** How long the health check waits for the database before calling it down. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * Whether the database answers a real query within `timeoutMs` (liveness, signed in or not).
 * A hung database answers false in bounded time rather than holding the check open.
 */
export async function isDatabaseUp(
  ctx: RequestContext | AnonymousContext,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      ctx.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
