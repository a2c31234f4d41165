import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/messages.ts';
import { rateLimitsOf } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

/** One year, the usual HSTS lifetime. */
const HSTS = 'max-age=31536000; includeSubDomains';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser sent this request from a page of another origin. Sec-Fetch-Site says so
 * directly ('same-site' too: another port of the same host is another origin); without it, the
 * Origin header must be this server's own. A request with neither comes from no browser page
 * (curl, a script), which a cross-site attacker cannot make a victim's browser send.
 */
export function isCrossOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== `${request.protocol}://${request.host}`;
}

/**
 * Security headers on every response, no caching of API answers, HSTS over HTTPS, the
 * cross-origin refusal of anonymous writes, and per-address limits on anonymous calls.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const limits = rateLimitsOf(app.config);
  // Every call anyone may make without a session gets a per-address limit unless it declares
  // its own (sign-up and login do), so a flood of them cannot exhaust the server.
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: string; rateLimit?: unknown };
    if (config.access !== 'public' || config.rateLimit !== undefined) return;
    route.config = {
      ...config,
      rateLimit: { max: limits.publicPerMinute, timeWindow: 60_000 },
    } as typeof route.config;
  });

  // Sign-up and login need no session, so the session's CSRF header rule cannot guard them: a
  // page elsewhere could sign the victim's browser into the attacker's account (login CSRF).
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    const access = (request.routeOptions.config as { access?: string } | undefined)?.access;
    if (access === 'public' && isCrossOrigin(request)) throw new HttpError(403, apiErrors.csrf);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) writes its styles into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web manifest; said outright rather than left to
        // fall back on script-src and default-src.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Sent below, only when the request came over HTTPS: over plain HTTP it means nothing,
    // and sent from a local http:// install it would pin the browser to HTTPS for a year.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      // The API reference's own scripts and styles (no data, about 1.6 MB) are kept by the
      // browser and revalidated by their ETag; every other answer under /api is never stored.
      const publicAsset = request.url.startsWith('/api/docs/static/');
      reply.header('cache-control', publicAsset ? 'no-cache' : 'no-store');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
