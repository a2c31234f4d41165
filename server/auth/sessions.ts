import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  normalizePrivilege,
  normalizeRole,
  type EffectiveRole,
  type Privilege,
} from '../../shared/permissions.ts';
import type { Db, Executor } from '../db/client.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { sessions, users } from '../db/schema/index.ts';
import { forgetSessionsHere, forgetUsersHere, type SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'ec_session';
/** Cookie-authenticated writes must carry this header; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-requested-with';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The signed-in user as the server knows it: role and privileges never come from the client. */
export interface SessionUser {
  id: number;
  username: string;
  role: EffectiveRole;
  storedRole: string;
  privileges: Privilege;
}

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Creates a new session (a fresh random token every login) and returns the token. */
export async function createSession(
  db: Executor,
  userId: number,
  now: Date,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * Ended sessions are announced on this channel (payload: session ids, comma-separated), so every
 * app instance closes the live streams opened with them at once. Sent inside the ending
 * transaction, it is delivered only when the end is committed.
 */
export const SESSIONS_CHANNEL = 'eldercare_sessions';
/**
 * Accounts whose role, privileges or active flag changed are announced on this channel (payload:
 * user ids, comma-separated), so every instance's session cache drops their sessions.
 */
export const USERS_CHANNEL = 'eldercare_users';
/** Ids per NOTIFY: 500 ids of 10 digits stay well under PostgreSQL's 8000-byte payload. */
const IDS_PER_NOTIFY = 500;

async function announce(db: Executor, channel: string, ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_NOTIFY) {
    const payload = ids.slice(start, start + IDS_PER_NOTIFY).join(',');
    await db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }
}

/**
 * Announces, in the caller's transaction, that an account's role, privileges or active flag
 * changed: every instance's session cache reads its sessions afresh.
 */
export async function announceUserChanged(db: Executor, userId: number): Promise<void> {
  forgetUsersHere([userId]);
  await announce(db, USERS_CHANNEL, [userId]);
}

/** Reads a SESSIONS_CHANNEL or USERS_CHANNEL payload; malformed parts are skipped. */
export function parseIds(payload: string): number[] {
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/**
 * Keeps an instance's session cache told by the listener (subscribe before it starts): ended
 * sessions and changed accounts are dropped as they are announced, and the cache serves only
 * while the listener hears every announcement.
 */
export function listenForSessionChanges(listener: DatabaseListener, cache: SessionCache): void {
  listener.on(SESSIONS_CHANNEL, (payload) => cache.endSessions(parseIds(payload)));
  listener.on(USERS_CHANNEL, (payload) => cache.changeUsers(parseIds(payload)));
  listener.watch({ listening: () => cache.setLive(true), deaf: () => cache.setLive(false) });
}

/** Ends one session at once. */
export async function revokeSession(db: Executor, sessionId: number, now: Date): Promise<void> {
  forgetSessionsHere([sessionId]);
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
  await announce(db, SESSIONS_CHANNEL, [sessionId]);
}

/**
 * Ends every session of a user (deactivation, password change), optionally keeping one, in one
 * statement; returns how many sessions were ended.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number> {
  forgetUsersHere([userId], exceptSessionId ?? null);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  await announce(
    db,
    SESSIONS_CHANNEL,
    ended.map((row) => row.id),
  );
  return ended.length;
}

export type ResolvedSession =
  | { user: SessionUser; sessionId: number; problem: null }
  | { user: null; sessionId: null; problem: 'expired' | 'invalid' };

/**
 * Returns the function that turns a presented token into its live session, ending sessions that
 * went idle or passed their absolute limit. Every /api request runs it: a session this instance
 * resolved lately comes from `cache` (see session-cache.ts) with no database round trip;
 * otherwise the lookup is built and named once, so each request only sends the token hash
 * (PostgreSQL plans a named statement once per connection). Only a live session is cached:
 * expiry and ending are always decided on a fresh read.
 */
export function sessionResolver(db: Db, cache: SessionCache<SessionUser>) {
  const sessionByToken = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      username: users.username,
      role: users.role,
      privileges: users.privileges,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');

  const touch = (sessionId: number, now: Date) =>
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));

  return async (token: string, now: Date): Promise<ResolvedSession> => {
    const tokenHash = hashToken(token);
    const at = now.getTime();
    const cached = cache.get(tokenHash, at, IDLE_TIMEOUT_MS);
    if (cached) {
      if (at - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
        cached.lastSeenAt = at;
        await touch(cached.sessionId, now);
      }
      return { sessionId: cached.sessionId, problem: null, user: cached.user };
    }

    const generation = cache.generation;
    const [row] = await sessionByToken.execute({ tokenHash });
    if (!row || row.revokedAt || !row.isActive) {
      return { user: null, sessionId: null, problem: 'invalid' };
    }
    const idleFor = at - row.lastSeenAt.getTime();
    if (idleFor > IDLE_TIMEOUT_MS || at >= row.expiresAt.getTime()) {
      await revokeSession(db, row.sessionId, now);
      return { user: null, sessionId: null, problem: 'expired' };
    }
    let lastSeenAt = row.lastSeenAt.getTime();
    if (idleFor > TOUCH_INTERVAL_MS) {
      await touch(row.sessionId, now);
      lastSeenAt = at;
    }
    const user: SessionUser = {
      id: row.userId,
      username: row.username,
      role: normalizeRole(row.role),
      storedRole: row.role,
      privileges: normalizePrivilege(row.privileges),
    };
    cache.store(
      tokenHash,
      {
        sessionId: row.sessionId,
        user,
        lastSeenAt,
        expiresAt: row.expiresAt.getTime(),
        readAt: at,
      },
      generation,
    );
    return { sessionId: row.sessionId, problem: null, user };
  };
}
