import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountMessages, apiErrors } from '../../shared/messages.ts';
import { can, type Permission } from '../../shared/permissions.ts';
import { HttpError } from '../lib/http-error.ts';
import type { AnonymousContext, RequestContext } from '../auth/context.ts';

/**
 * What a route requires. `public`: anyone (register, login, health). `session`: any signed-in
 * user. A permission: a signed-in user whose role and privilege grant it.
 */
export type Access = 'public' | 'session' | Permission;

export interface RouteDeclaration {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access declaration, for the deny-by-default test. */
    routeDeclarations: RouteDeclaration[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The audit entity a denied attempt on this route is recorded under. */
    auditEntity?: string;
    /**
     * A public route that never reads the caller's session (health): it must answer for the
     * database even while the database, which holds the sessions, cannot be reached.
     */
    skipSession?: boolean;
  }
}

/** The context of a signed-in request (routes declared with a permission or `session`). */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.user || request.ctx.user === null) {
    throw new HttpError(401, apiErrors.unauthorized);
  }
  return request.ctx;
}

/** The context of a public route's request, signed in or not (sign-up, login, health). */
export function publicContextOf(request: FastifyRequest): RequestContext | AnonymousContext {
  return request.ctx;
}

/** Deny by default: an /api route without an `access` declaration refuses everyone. */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const declarations: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', declarations);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      declarations.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config.access;
    if (request.is404) return;
    if (access === 'public') return;
    if (!request.user) {
      throw new HttpError(
        401,
        request.sessionProblem === 'expired'
          ? accountMessages.sessionExpired
          : apiErrors.unauthorized,
      );
    }
    if (access === 'session') return;
    if (access === undefined || !can(request.user, access)) {
      const entity = request.routeOptions.config.auditEntity ?? request.routeOptions.url ?? 'route';
      const id = (request.params as { id?: string } | undefined)?.id;
      const numericId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
      await request.ctx.audit.denied({
        entity,
        entityId: numericId,
        // On patient routes the id is the patient's, so the refusal shows in their access log.
        patientId: entity === 'patient' ? numericId : null,
      });
      throw new HttpError(403, apiErrors.forbidden);
    }
  });
});
