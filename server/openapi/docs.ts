import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Where the readable API reference is served. */
export const docsPrefix = '/api/docs';

const isDocsRoute = (url: string): boolean =>
  url === docsPrefix || url.startsWith(`${docsPrefix}/`);

/**
 * The reference page's routes (its HTML, Swagger UI's own scripts and styles, the document it
 * reads) are registered by @fastify/swagger-ui, which takes no route config: this `onRoute`
 * hook declares them public, as /api/openapi.json is. It must be added before the security and
 * access plugins, whose own `onRoute` hooks read the declaration (per-address limit, deny by
 * default).
 */
export function declareDocsPublic(route: RouteOptions): void {
  if (!isDocsRoute(route.url)) return;
  route.config = { ...(route.config as object), access: 'public' } as typeof route.config;
}

/**
 * The API reference at /api/docs: Swagger UI served from node_modules (no CDN, so it works
 * offline), its scripts loaded from files, so the app's Content-Security-Policy (scripts from
 * 'self' only) holds there too.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    theme: { title: 'ElderCare System API reference' },
    uiConfig: {
      deepLinking: true,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    },
    // No call to an outside validator: the page works without a network.
    validatorUrl: false,
  });
}
