import { errorResponses } from '../../lib/error-responses.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetTexts } from '../../../shared/messages.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  adminResetLinkSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  resetLinkCheckSchema,
  resetTokenParamsSchema,
} from '../../../shared/schemas/password-reset.ts';
import { messageResponseSchema } from '../../../shared/schemas/users.ts';
import { rateLimitsOf } from '../../config.ts';
import { contextOf, publicContextOf } from '../../plugins/access.ts';
import {
  checkResetLink,
  confirmPasswordReset,
  issueAdminResetLink,
  MAX_RESET_EMAILS_PER_HOUR,
  settlePasswordResets,
  startPasswordReset,
} from './password-reset.service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 429);

/** Forgot password (emailed link), the link's check and use, and the admin's reset link. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimitsOf(app.config);
  // Each confirmation hashes a password and each request may send an email: per address, an hour.
  const perAddress = { max: limits.resetsPerHour, timeWindow: 60 * 60_000 };
  app.addHook('onClose', settlePasswordResets);

  app.post(
    '/users/password-reset',
    {
      config: { access: 'public', auditEntity: 'user', rateLimit: perAddress },
      schema: {
        tags,
        summary: 'Forgot password: email a 30-minute reset link to the account, if it exists',
        description:
          'Always answers 202 with the same message, before the account is looked up, so ' +
          'neither the answer nor its timing tells whether the account exists. An active ' +
          `account is sent at most ${MAX_RESET_EMAILS_PER_HOUR} links an hour; nothing is sent ` +
          'without SMTP_URL.',
        security: [],
        body: passwordResetRequestSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      startPasswordReset(publicContextOf(request), request.body, app.mailer, (error) =>
        request.log.error({ err: error }, 'password reset request failed'),
      );
      return reply.status(202).send({ message: passwordResetTexts.requestAccepted });
    },
  );

  app.get(
    '/users/password-reset/:token',
    {
      config: { access: 'public', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Whether a reset link works, and the username it resets',
        description: 'A forged, spent, revoked or expired link answers the same 404 and message.',
        security: [],
        params: resetTokenParamsSchema,
        response: { 200: resetLinkCheckSchema, ...errors },
      },
    },
    async (request) => checkResetLink(publicContextOf(request), request.params.token),
  );

  app.post(
    '/users/password-reset/confirm',
    {
      config: { access: 'public', auditEntity: 'user', rateLimit: perAddress },
      schema: {
        tags,
        summary: 'Set a new password through a reset link; every session of the account ends',
        description:
          'The password follows the sign-up policy. A link that does not work answers 400 and ' +
          'changes nothing; a used link revokes the account’s other reset links.',
        security: [],
        body: passwordResetConfirmSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await confirmPasswordReset(publicContextOf(request), request.body);
      return { message: passwordResetTexts.passwordReset };
    },
  );

  app.post(
    '/users/password-reset-link/:id',
    {
      config: { access: 'users:manage', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Admin: a single-use 24-hour reset link token for an active account',
        description:
          'Answers the token and its expiry; the client composes the address from its own ' +
          'origin. Works without SMTP. Audited without the token.',
        params: idParamsSchema,
        response: { 200: adminResetLinkSchema, ...errors },
      },
    },
    async (request) => issueAdminResetLink(contextOf(request), request.params.id),
  );
};
