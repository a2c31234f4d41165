import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/messages.ts';
import {
  normalizePrivilege,
  normalizeRole,
  type EffectiveRole,
  type Privilege,
} from '../../shared/permissions.ts';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';

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

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: number | null;
    /** Why a presented token was not accepted, for the 401 message. */
    sessionProblem: 'expired' | 'invalid' | null;
  }
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

/** Ends one session at once. */
export async function revokeSession(db: Executor, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
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
  return ended.length;
}

function tokenFrom(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, viaCookie: false };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  const mode = request.server.config.cookieSecure;
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: mode === 'auto' ? request.protocol === 'https' : mode === 'true',
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Resolves the session of every /api request from its cookie or Bearer token. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionProblem', null);

  // Every /api request runs this lookup: built and named once, so each request only sends the
  // token hash (PostgreSQL plans a named statement once per connection).
  const sessionByToken = app.db
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

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const presented = tokenFrom(request);
    if (!presented) return;
    if (presented.viaCookie && unsafeMethods.has(request.method) && !request.headers[CSRF_HEADER]) {
      throw new HttpError(403, apiErrors.csrf);
    }
    const now = app.clock.now();
    const [row] = await sessionByToken.execute({ tokenHash: hashToken(presented.token) });
    if (!row || row.revokedAt || !row.isActive) {
      request.sessionProblem = 'invalid';
      return;
    }
    const idleFor = now.getTime() - row.lastSeenAt.getTime();
    if (idleFor > IDLE_TIMEOUT_MS || now.getTime() >= row.expiresAt.getTime()) {
      request.sessionProblem = 'expired';
      await revokeSession(app.db, row.sessionId, now);
      return;
    }
    if (idleFor > TOUCH_INTERVAL_MS) {
      await app.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    }
    request.sessionId = row.sessionId;
    request.user = {
      id: row.userId,
      username: row.username,
      role: normalizeRole(row.role),
      storedRole: row.role,
      privileges: normalizePrivilege(row.privileges),
    };
  });
});
