import type { FastifyInstance } from 'fastify';

/** Apps being closed by closeGracefully: their answers carry `Connection: close`. */
const closing = new WeakSet<FastifyInstance>();

/** Whether the app is shutting down (its answers then ask the client to close the connection). */
export const isClosing = (app: FastifyInstance): boolean => closing.has(app);

export interface GracefulCloseOptions {
  /**
   * How long keep-alive connections may still bring a request before those left idle are
   * closed: a request already on its way is answered (with `Connection: close`) rather than
   * met by a closed socket.
   */
  idleAfterMs?: number;
  /** After this long, connections still open (a request that does not end) are cut. */
  graceMs?: number;
}

/**
 * Closes the server so that clients see answers, not errors:
 * 1. it stops accepting connections at once (new ones are refused, so a load balancer or a
 *    client's retry goes to another instance);
 * 2. requests on connections already open are still answered, never with 503 (the app is built
 *    with `return503OnClosing: false`), each with `Connection: close`, so the client closes
 *    the connection after that answer instead of sending another on it;
 * 3. connections idle after `idleAfterMs` are closed (a FIN between requests, not a reset in
 *    the middle of one); live streams are ended by their own `preClose` hook;
 * 4. after `graceMs` whatever is still open is cut, so the database can close.
 * Resolves when Fastify's close (and its onClose hooks) have finished.
 */
export async function closeGracefully(
  app: FastifyInstance,
  options: GracefulCloseOptions = {},
): Promise<void> {
  const { idleAfterMs = 500, graceMs = 10_000 } = options;
  closing.add(app);
  const server = app.server;
  // Node's server.close() closes idle keep-alive connections at once: a client whose next
  // request is already on the wire would meet a closed socket. Hold that back for idleAfterMs.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {};
  const idle = setTimeout(closeIdle, idleAfterMs);
  const grace = setTimeout(() => server.closeAllConnections(), graceMs);
  idle.unref();
  grace.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(idle);
    clearTimeout(grace);
    server.closeIdleConnections = closeIdle;
  }
}
