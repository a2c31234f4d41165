import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { offlineWriteTexts } from '../../shared/messages.ts';
import { IDEMPOTENT_REPLAY_HEADER } from '../../shared/offline.ts';
import { withOfflineWrite } from '../auth/context.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { IdempotencyKeyTaken, readOfflineWrite, type OfflineWrite } from '../lib/offline-writes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A change a caregiver can make offline (shared/offline.ts): the route takes an
     * Idempotency-Key and X-Recorded-At. Any other route ignores those headers.
     */
    offlineWrite?: boolean;
  }
  interface FastifyRequest {
    /** The offline write whose answer is to be stored on its key; null otherwise. */
    offlineWrite: OfflineWrite | null;
  }
}

/** How long a request waits for a twin's answer to be stored before answering without it. */
const TWIN_WAIT_MS = 3000;
const TWIN_POLL_MS = 50;

type KeyRow = typeof idempotencyKeys.$inferSelect;

const routeOf = (request: FastifyRequest) => `${request.method} ${request.url.split('?', 1)[0]!}`;

/** A string payload sent as it is, JSON: no route schema stands between a stored answer and it. */
function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(JSON.stringify(body));
}

/**
 * Changes sent from a device's offline queue, on the routes marked `config.offlineWrite`: the
 * headers are checked (400 before anything changes), a key already applied answers its stored
 * answer again with `Idempotent-Replay: true`, the request's context carries the key and the
 * recorded time (the auditor claims the key in the change's transaction and marks the audit
 * rows), and a 2xx answer is stored on the key. Rules and texts: server/lib/offline-writes.ts.
 */
export const offlineWritesPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('offlineWrite', null);

  const findKey = async (userId: number, key: string): Promise<KeyRow | undefined> => {
    const [row] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return row;
  };

  /**
   * Answers a request from its key's row, running nothing: the stored answer; a row whose answer
   * is not stored yet is waited for a moment (a twin request still answering), then, if the
   * answer was lost (the server stopped after the commit), the plain "already recorded".
   */
  async function answerFromKey(
    request: FastifyRequest,
    reply: FastifyReply,
    offline: OfflineWrite,
    found: KeyRow,
  ) {
    if (found.route !== offline.route) {
      throw new HttpError(422, offlineWriteTexts.keyOnOtherRoute);
    }
    let row: KeyRow | undefined = found;
    for (let waited = 0; row?.statusCode == null && waited < TWIN_WAIT_MS; waited += TWIN_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, TWIN_POLL_MS));
      row = await findKey(found.userId, found.key);
    }
    request.offlineWrite = null;
    if (row?.statusCode != null) return sendJson(reply, row.statusCode, row.response);
    return sendJson(reply, 200, { message: offlineWriteTexts.alreadyRecorded });
  }

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.offlineWrite) return;
    const ctx = request.ctx;
    // A route marked offline needs a session: access.ts has refused anyone without one.
    if (!ctx?.user) return;
    const offline = readOfflineWrite(request.headers, routeOf(request), ctx.clock.now());
    if (!offline) return;
    if (offline.key) {
      const found = await findKey(ctx.user.id, offline.key);
      if (found) return answerFromKey(request, reply, offline, found);
    }
    request.ctx = withOfflineWrite(ctx, offline);
    request.offlineWrite = offline.key ? offline : null;
  });

  // A twin request that committed the key first (IdempotencyKeyTaken), or whose change made
  // this one's refused (the visit is checked in already): answered from the key, not as an error.
  app.addHook('onRoute', (route) => {
    if (!route.config?.offlineWrite) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function offlineWriteHandler(request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        const offline = request.offlineWrite;
        const user = request.user;
        if (!offline?.key || !user) throw error;
        const found = await findKey(user.id, offline.key).catch(() => undefined);
        if (found) return answerFromKey(request, reply, offline, found);
        if (error instanceof IdempotencyKeyTaken) {
          throw new HttpError(409, offlineWriteTexts.keyInUse);
        }
        throw error;
      }
    };
  });

  // The answer of a change applied with a key is kept on it, for a repeat of the key. Refusals
  // store nothing: their transaction, key row included, was rolled back.
  app.addHook('onSend', async (request, reply, payload) => {
    const offline = request.offlineWrite;
    const user = request.user;
    if (!offline?.key || !user || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    try {
      const response: unknown = typeof payload === 'string' ? JSON.parse(payload) : null;
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, response })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, offline.key)));
    } catch (error) {
      // The change is committed and answered; a repeat of the key then answers "already
      // recorded" instead of this answer.
      request.log.warn({ err: error }, 'storing the answer of an idempotency key failed');
    }
    return payload;
  });
});
