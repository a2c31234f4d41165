import { errorResponses } from '../../lib/error-responses.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { accountSessionListSchema, endedSessionsSchema } from '../../../shared/schemas/sessions.ts';
import { messageResponseSchema } from '../../../shared/schemas/users.ts';
import { sessionTexts } from '../../../shared/messages.ts';
import { contextOf } from '../../plugins/access.ts';
import {
  endMyOtherSessions,
  endMySession,
  endUserSessions,
  listMySessions,
  listUserSessions,
} from './my-sessions.service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404);

/** "Where you're signed in": one's own sessions, and an admin's view of a user's. */
export const mySessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/sessions',
    {
      config: { access: 'session', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'The caller’s live sessions, most recently used first; the current one marked',
        response: { 200: accountSessionListSchema, ...errors },
      },
    },
    async (request) => listMySessions(contextOf(request)),
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      config: { access: 'session', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'End one of the caller’s other sessions at once',
        description:
          'Another user’s session, a missing or an ended one answer 404 alike; the session ' +
          'making the request answers 400 (Log out ends it).',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await endMySession(contextOf(request), request.params.id);
      return { message: sessionTexts.ended };
    },
  );

  app.post(
    '/users/me/sessions/end-others',
    {
      config: { access: 'session', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'End every session of the caller but the current one; answers how many ended',
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => endMyOtherSessions(contextOf(request)),
  );

  app.get(
    '/users/sessions/:id',
    {
      config: { access: 'users:manage', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'A user’s live sessions, for the admin',
        params: idParamsSchema,
        response: { 200: accountSessionListSchema, ...errors },
      },
    },
    async (request) => listUserSessions(contextOf(request), request.params.id),
  );

  app.post(
    '/users/sessions/:id/end',
    {
      config: { access: 'users:manage', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'End every session of a user at once (an admin naming themself keeps this one)',
        params: idParamsSchema,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => endUserSessions(contextOf(request), request.params.id),
  );
};
