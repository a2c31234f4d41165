import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/messages.ts';

/**
 * Serves the built client and falls back to index.html for any other GET (history API), while
 * unknown /api paths answer the JSON 404. The build writes a .br and a .gz beside each text
 * file (vite.config.ts); a browser that accepts one gets it, with the original file's
 * content-type and `Vary: Accept-Encoding`, and any other gets the plain file.
 */
export const clientPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasClient = existsSync(path.join(options.root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change. Everything else is asked again each time (answered by
        // its ETag): index.html, the service worker (sw.js), which a browser must see change to
        // offer a new version, and the web manifest (application/manifest+json).
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && wantsPage && !request.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: apiErrors.notFound });
  });
});
