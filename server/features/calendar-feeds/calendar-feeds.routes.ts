import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedTexts } from '../../../shared/messages.ts';
import {
  calendarFeedStatusSchema,
  calendarFeedTokenParamsSchema,
  createdCalendarFeedSchema,
} from '../../../shared/schemas/calendar-feeds.ts';
import { messageResponseSchema } from '../../../shared/schemas/users.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { contextOf, publicContextOf } from '../../plugins/access.ts';
import {
  createCalendarFeed,
  getCalendarFeedStatus,
  readCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feeds.service.ts';

const tags = ['calendar-feed'];
const errors = errorResponses(400, 401, 403, 404);

/** Hides a feed's token in a logged path: the token is the feed's only credential. */
export const hideFeedToken = (path: string): string =>
  path.replace(/^\/api\/calendar-feed\/[^/]+$/, '/api/calendar-feed/[token]');

/** The caller's private calendar feed, and the feed itself for calendar apps. */
export const calendarFeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar-feed',
    {
      config: { access: 'session', auditEntity: 'calendar-feed' },
      schema: {
        tags,
        operationId: 'getCalendarFeed',
        summary: 'Whether the caller has a live calendar feed, since when and when last fetched',
        response: { 200: calendarFeedStatusSchema, ...errors },
      },
    },
    async (request) => getCalendarFeedStatus(contextOf(request)),
  );

  app.post(
    '/calendar-feed',
    {
      config: { access: 'session', auditEntity: 'calendar-feed' },
      schema: {
        tags,
        operationId: 'createCalendarFeed',
        summary: 'Make the caller’s calendar feed (a new link revokes the old one)',
        description:
          'Answers the feed’s address once: only a hash of its token is stored. `url` starts ' +
          'with APP_URL when the server has one; otherwise it is null and the client puts its ' +
          'own origin before `path`.',
        response: { 201: createdCalendarFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createCalendarFeed(contextOf(request), app.config.appUrl);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/calendar-feed',
    {
      config: { access: 'session', auditEntity: 'calendar-feed' },
      schema: {
        tags,
        operationId: 'revokeCalendarFeed',
        summary: 'Turn the caller’s calendar feed off: its link answers 404 at once',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeCalendarFeed(contextOf(request));
      return { message: calendarFeedTexts.turnedOff };
    },
  );

  app.get(
    '/calendar-feed/:token.ics',
    {
      config: { access: 'public', auditEntity: 'calendar-feed' },
      schema: {
        tags,
        operationId: 'readCalendarFeed',
        summary: 'A private calendar feed (iCalendar) for calendar apps, past and next 60 days',
        description:
          'No session: the long random token in the path is the credential. Doctors get the ' +
          'appointments they hold, patients their own appointments, caregivers their visits; ' +
          'staff events show patient initials and the place only. Cancelled ones are kept with ' +
          'STATUS:CANCELLED. A wrong, revoked or malformed token, or a deactivated account, ' +
          'answers 404.',
        security: [],
        params: calendarFeedTokenParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar; charset=utf-8'),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const ics = await readCalendarFeed(publicContextOf(request), request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="eldercare.ics"')
        .send(ics);
    },
  );
};
