import { recordTypes } from '../../shared/record-types.ts';

/**
 * Older paths that still answer, as aliases of the documented ones. They put an id before an
 * action (`/appointments/{id}/cancel`), which beside a list by person (`/appointments/doctor/{id}`)
 * reads ambiguously in the API document: `/appointments/doctor/cancel` fits both. The routes are
 * registered with the action first (`/appointments/cancel/{id}`); a request on an older path is
 * rewritten to it before routing, so both answer alike (same access, validation and audit) and
 * only the unambiguous one is in the document. The client calls the documented paths; the
 * older ones answer for callers written before.
 */
interface Alias {
  methods: readonly string[];
  /** The older path, matched on the request's path (no query). */
  from: RegExp;
  /** The documented path, with `$1`… from `from`. */
  to: string;
}

// Patients keep `/patients/{id}/restore`: every other call on one patient is `/patients/{id}/…`.
const plurals = recordTypes
  .filter((entry) => entry.type !== 'patient')
  .map((entry) => entry.plural)
  .join('|');

export const pathAliases: readonly Alias[] = [
  {
    methods: ['POST'],
    from: new RegExp(`^/api/(${plurals})/([^/]+)/restore$`),
    to: '/api/$1/restore/$2',
  },
  {
    methods: ['POST'],
    from: /^\/api\/appointments\/([^/]+)\/(status|cancel)$/,
    to: '/api/appointments/$2/$1',
  },
  {
    methods: ['POST'],
    from: /^\/api\/visits\/([^/]+)\/(cancel|check-in|check-out)$/,
    to: '/api/visits/$2/$1',
  },
  { methods: ['PUT'], from: /^\/api\/visits\/([^/]+)\/times$/, to: '/api/visits/times/$1' },
  {
    methods: ['POST'],
    from: /^\/api\/users\/([^/]+)\/password-reset-link$/,
    to: '/api/users/password-reset-link/$1',
  },
  // `/users/me/sessions` is the caller's own list and `/users/username/sessions` a profile.
  {
    methods: ['GET', 'HEAD'],
    from: /^\/api\/users\/(?!(?:me|username)\/)([^/]+)\/sessions$/,
    to: '/api/users/sessions/$1',
  },
  {
    methods: ['POST'],
    from: /^\/api\/users\/([^/]+)\/sessions\/end$/,
    to: '/api/users/sessions/$1/end',
  },
];

/** Fastify's `rewriteUrl`: the documented path of a request on an older one, else the URL as it came. */
export function rewriteAliasedUrl(request: { method?: string; url?: string }): string {
  const url = request.url ?? '/';
  if (!url.startsWith('/api/')) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const alias of pathAliases) {
    if (!alias.methods.includes(request.method ?? '') || !alias.from.test(path)) continue;
    return path.replace(alias.from, alias.to) + (queryAt === -1 ? '' : url.slice(queryAt));
  }
  return url;
}
