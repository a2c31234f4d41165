import { errorResponses } from '../../lib/error-responses.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages, invitationTexts } from '../../../shared/messages.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  acceptInvitationSchema,
  createInvitationSchema,
  createdInvitationSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  signUpStatusSchema,
} from '../../../shared/schemas/invitations.ts';
import { loginAnswerSchema } from '../../../shared/schemas/two-factor.ts';
import { messageResponseSchema } from '../../../shared/schemas/users.ts';
import { rateLimitsOf } from '../../config.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { contextOf, publicContextOf } from '../../plugins/access.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import {
  INVITATION_LIST_LIMIT,
  acceptInvitation,
  createInvitation,
  getSignUpStatus,
  listInvitations,
  revokeInvitation,
  viewInvitation,
} from './invitations.service.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportInvitations } from './users-csv.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The first-run check, the admin's invitations and their public acceptance (/join). */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimitsOf(app.config);
  // Each acceptance hashes a password; each check guesses at a token: per address, an hour.
  const perAddress = { max: limits.invitesPerHour, timeWindow: 60 * 60_000 };

  app.get(
    '/users/sign-up-status',
    {
      config: { access: 'public', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Whether no account exists yet (first run) and who may sign up',
        description:
          'On the first run sign-up is always open, so the first account (the agency’s ' +
          'administrator) can be made whatever the saved policy.',
        security: [],
        response: { 200: signUpStatusSchema, ...errors },
      },
    },
    async (request) => getSignUpStatus(publicContextOf(request)),
  );

  app.post(
    '/invitations',
    {
      config: { access: 'users:manage', auditEntity: 'invitation' },
      schema: {
        tags,
        summary: 'Invite someone: a single-use link with the role and privileges they will have',
        description:
          'The link is valid for the agency’s invitationDays. With SMTP set up and an email, ' +
          'it is emailed (`emailed: true`); the answer carries the token either way, for the ' +
          'admin to copy. A patient invitation may name a live patient record not yet linked.',
        body: createInvitationSchema,
        response: { 201: createdInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createInvitation(
        contextOf(request),
        request.body,
        app.mailer,
        (error) => request.log.error({ err: error }, 'invitation email failed'),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/invitations',
    {
      config: { access: 'users:manage', auditEntity: 'invitation' },
      schema: {
        tags,
        summary: `The invitations, newest first (at most ${INVITATION_LIST_LIMIT}), with status`,
        description: 'Status: pending, accepted, expired or revoked. Tokens are never answered.',
        response: { 200: z.array(invitationSchema), ...errors },
      },
    },
    async (request) => listInvitations(contextOf(request)),
  );

  csvRoute(app, '/invitations.csv', {
    config: { access: 'users:manage', auditEntity: 'invitation' },
    tags,
    operationId: 'exportInvitationsCsv',
    summary: `The invitations as CSV, newest first (at most ${INVITATION_LIST_LIMIT}), with status`,
    errors,
    download: (request) => exportInvitations(contextOf(request), headerTimeZone(request.headers)),
  });

  app.delete(
    '/invitations/:id',
    {
      config: { access: 'users:manage', auditEntity: 'invitation' },
      schema: {
        tags,
        summary: 'Revoke a pending invitation: its link stops working (409 for any other)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(contextOf(request), request.params.id);
      return { message: invitationTexts.revoked };
    },
  );

  app.get(
    '/invitations/accept/:token',
    {
      config: { access: 'public', auditEntity: 'invitation', rateLimit: perAddress },
      schema: {
        tags,
        summary: 'What a live invitation offers: role, privileges, names, email, patient',
        description: 'A forged, used, revoked or expired link answers the same 404 and message.',
        security: [],
        params: invitationTokenParamsSchema,
        response: { 200: invitationViewSchema, ...errors },
      },
    },
    async (request) => viewInvitation(publicContextOf(request), request.params.token),
  );

  app.post(
    '/invitations/accept',
    {
      config: { access: 'public', auditEntity: 'invitation', rateLimit: perAddress },
      schema: {
        tags,
        summary: 'Accept an invitation: make the account, sign in (answers like login)',
        description:
          'The account gets the invitation’s role and privileges with no approval; a patient ' +
          'invitation links its patient record. The link is spent. Works whatever the sign-up ' +
          'policy. Username and email must be free, as on sign-up.',
        security: [],
        body: acceptInvitationSchema,
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await acceptInvitation(
        publicContextOf(request),
        request.body,
        request.headers['user-agent'],
      );
      setSessionCookie(request, reply, result.token);
      return {
        role: result.role,
        message: accountMessages.loginSuccess,
        token: result.token,
        ...(result.twoFactorSetupRequired ? { twoFactorSetupRequired: true as const } : {}),
      };
    },
  );
};
