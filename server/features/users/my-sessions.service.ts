import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { sessionTexts } from '../../../shared/messages.ts';
import type { AccountSession } from '../../../shared/schemas/sessions.ts';
import type { RequestContext } from '../../auth/context.ts';
import { IDLE_TIMEOUT_MS, revokeSession, revokeUserSessions } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * A user's live sessions: not ended, not idle past IDLE_TIMEOUT_MS, not past their absolute
 * expiry (the same rules sessionResolver applies, so a listed session still works).
 */
const liveSessionsOf = (userId: number, now: Date) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
    gt(sessions.expiresAt, now),
  );

async function listLive(
  db: Executor,
  userId: number,
  now: Date,
  currentId: number | null,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(liveSessionsOf(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/** The caller's live sessions, most recently used first, the current one marked. */
export function listMySessions(ctx: RequestContext): Promise<AccountSession[]> {
  return listLive(ctx.db, ctx.user.id, ctx.clock.now(), ctx.sessionId);
}

/**
 * Ends one of the caller's other live sessions at once (audited). Another user's session, a
 * missing or an already ended one answer the same 404; the current one 400 (Log out ends it).
 */
export async function endMySession(ctx: RequestContext, sessionId: number): Promise<void> {
  if (sessionId === ctx.sessionId) throw badRequest(undefined, sessionTexts.useLogOut);
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), liveSessionsOf(ctx.user.id, now)))
        .limit(1);
      if (!row) throw notFound();
      await revokeSession(tx, row.id, now);
    },
    () => ({
      action: 'end-session',
      entity: 'session',
      entityId: sessionId,
      subjectUserId: ctx.user.id,
    }),
  );
}

/** Ends every session of the caller but the current one (audited); answers how many ended. */
export async function endMyOtherSessions(ctx: RequestContext): Promise<{ ended: number }> {
  const now = ctx.clock.now();
  const ended = await ctx.audit.change(
    (tx) => revokeUserSessions(tx, ctx.user.id, now, ctx.sessionId ?? undefined),
    () => ({ action: 'end-other-sessions', entity: 'session', entityId: ctx.user.id }),
  );
  return { ended };
}

async function requireUser(db: Executor, userId: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
}

/** An admin's view of a user's live sessions (audited as a list of that user's sessions). */
export async function listUserSessions(
  ctx: RequestContext,
  userId: number,
): Promise<AccountSession[]> {
  await requireUser(ctx.db, userId);
  const list = await listLive(ctx.db, userId, ctx.clock.now(), ctx.sessionId);
  await ctx.audit.read({
    action: 'list',
    entity: 'session',
    entityId: userId,
    subjectUserId: userId,
  });
  return list;
}

/**
 * An admin ends every session of a user at once (audited with the user's id). An admin who
 * names themself keeps the session they are using, as "Sign out everywhere else" does.
 */
export async function endUserSessions(
  ctx: RequestContext,
  userId: number,
): Promise<{ ended: number }> {
  const now = ctx.clock.now();
  const keep = userId === ctx.user.id ? (ctx.sessionId ?? undefined) : undefined;
  const ended = await ctx.audit.change(
    async (tx) => {
      await requireUser(tx, userId);
      return revokeUserSessions(tx, userId, now, keep);
    },
    () => ({
      action: 'end-user-sessions',
      entity: 'session',
      entityId: userId,
      subjectUserId: userId,
    }),
  );
  return { ended };
}
