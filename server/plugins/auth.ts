import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/messages.ts';
import {
  createAnonymousContext,
  createRequestContext,
  type AnonymousContext,
  type RequestContext,
} from '../auth/context.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  CSRF_HEADER,
  SESSION_COOKIE,
  sessionResolver,
  type SessionUser,
} from '../auth/sessions.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: number | null;
    /** Why a presented token was not accepted, for the 401 message. */
    sessionProblem: 'expired' | 'invalid' | null;
    /** The request's context: what every service takes (see server/auth/context.ts). */
    ctx: RequestContext | AnonymousContext;
  }
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

/**
 * Resolves the session of every /api request from its cookie or Bearer token and builds the
 * request's context from it.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionProblem', null);
  app.decorateRequest('ctx', null as unknown as RequestContext);

  const cache = app.sessionCache;
  app.addHook('onClose', async () => cache.dispose());
  const resolveSession = sessionResolver(app.db, cache);
  const source = (request: FastifyRequest) => ({
    db: app.db,
    clock: app.clock,
    ip: request.ip,
    requestId: request.id,
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const presented = request.routeOptions.config.skipSession ? null : tokenFrom(request);
    if (!presented) {
      request.ctx = createAnonymousContext(source(request));
      return;
    }
    if (presented.viaCookie && unsafeMethods.has(request.method) && !request.headers[CSRF_HEADER]) {
      throw new HttpError(403, apiErrors.csrf);
    }
    const session = await resolveSession(presented.token, app.clock.now());
    if (!session.user) {
      request.ctx = createAnonymousContext(source(request));
      request.sessionProblem = session.problem;
      return;
    }
    request.sessionId = session.sessionId;
    request.user = session.user;
    request.ctx = createRequestContext({
      ...source(request),
      user: session.user,
      sessionId: session.sessionId,
    });
  });
});
