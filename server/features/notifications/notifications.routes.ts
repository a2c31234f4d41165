import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParamsSchema,
  listQuerySchema,
} from '../../../shared/schemas/common.ts';
import { notificationSchema, unreadCountSchema } from '../../../shared/schemas/notifications.ts';
import { sendPage } from '../../lib/list.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { contextOf } from '../../plugins/access.ts';
import { NotificationHub } from './live.ts';
import { exportNotifications } from './notifications-csv.ts';
import { headerTimeZone, readerTimeZone } from '../clinical-common/reader-zone.ts';
import { countUnread, dismissNotification, listNotifications } from './notifications.service.ts';

const tags = ['notifications'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const config = { access: 'self', auditEntity: 'notification' } as const;

/** How long the browser waits before it reconnects a dropped stream. */
const RECONNECT_MS = 3000;

/** A Last-Event-ID (header or `lastEventId`): a notification id, else none (anything else). */
const lastEventIdOf = (value: string | string[] | undefined): number | null =>
  typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
const DEFAULT_HEARTBEAT_MS = 25_000;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(
    app.db,
    app.clock,
    app.log,
    app.config.streamHeartbeatMs ?? DEFAULT_HEARTBEAT_MS,
  );
  hub.listenTo(app.listener);
  hub.start();
  // Open streams never finish on their own: end them first, or closing would wait for them.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.stop());

  app.get(
    '/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Own notifications that are not dismissed, newest first (X-Total-Count)',
        description:
          'Times in messages are written in the reader’s zone: their saved time zone, else the ' +
          'browser’s (an `X-Time-Zone` header with an IANA zone; anything else is ignored), ' +
          'else the agency’s.',
        querystring: listQuerySchema,
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const page = await listNotifications(
        contextOf(request),
        { limit, offset },
        headerTimeZone(request.headers),
      );
      return sendPage(reply, page);
    },
  );

  csvRoute(app, '/notifications.csv', {
    config,
    tags,
    operationId: 'exportNotificationsCsv',
    summary: 'Own notifications that are not dismissed as CSV, newest first',
    querystring: listQuerySchema,
    errors,
    download: (request) => exportNotifications(contextOf(request), headerTimeZone(request.headers)),
  });

  app.get(
    '/notifications/unread-count',
    {
      config,
      schema: {
        tags,
        summary: 'How many own notifications are not dismissed (the bell)',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await countUnread(contextOf(request)) }),
  );

  app.post(
    '/notifications/:id/dismiss',
    {
      config,
      schema: {
        tags,
        summary: 'Dismiss an own notification; every open tab of the user hears of it',
        params: idParamsSchema,
        response: { 204: z.null().describe('Dismissed'), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await dismissNotification(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/notifications/stream',
    {
      config,
      schema: {
        tags,
        summary: 'Live notifications of the signed-in user (Server-Sent Events)',
        description:
          'A text/event-stream that stays open. Events: `notification` (data: a notification; ' +
          'its id is the event `id`), `dismissed` (data: {id}), `resync` (reload: more was ' +
          'missed than can be replayed). On reconnecting, the browser’s `Last-Event-ID` (or ' +
          '`lastEventId`) replays the open notifications after that id, oldest first; a new ' +
          'stream starts with the user’s latest id as its `id`. A `: ping` comment comes every ' +
          '25 s. The stream ends when the session ends. Times in messages are written in the ' +
          'reader’s zone: their saved time zone, else `timeZone` (the browser’s IANA zone; an ' +
          'EventSource cannot send headers), else the agency’s.',
        querystring: z.object({
          timeZone: z.string().max(64).optional().describe('The browser’s IANA time zone'),
          lastEventId: z
            .string()
            .max(32)
            .optional()
            .describe(
              'The last notification id seen, when the Last-Event-ID header cannot be sent',
            ),
        }),
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const timeZone = await readerTimeZone(
        ctx.db,
        ctx.user.id,
        headerTimeZone({ 'x-time-zone': request.query.timeZone, ...request.headers }),
      );
      const stream = new PassThrough();
      const write = (text: string) => {
        if (!stream.writableEnded && !stream.destroyed) stream.write(text);
      };
      // The first bytes go out at once, so the browser reports the stream open.
      write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      const unsubscribe = hub.subscribe(
        {
          userId: ctx.user.id,
          sessionId: ctx.sessionId,
          timeZone,
          send: (event, data, id) =>
            write(
              `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
            ),
          mark: (id) => write(`id: ${id}\n\n`),
          ping: () => write(': ping\n\n'),
          end: () => stream.end(),
        },
        lastEventIdOf(request.headers['last-event-id'] ?? request.query.lastEventId),
      );
      stream.once('close', unsubscribe);
      reply.raw.once('close', () => {
        unsubscribe();
        stream.destroy();
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('x-accel-buffering', 'no')
          // A stream is piped as it is; the schema above only documents the content type.
          .send(stream as unknown as string)
      );
    },
  );
};
