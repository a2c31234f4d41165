import { errorResponses } from '../../lib/error-responses.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMessages, twoFactorTexts } from '../../../shared/messages.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  enableTwoFactorSchema,
  loginAnswerSchema,
  recoveryCodesSchema,
  twoFactorLoginSchema,
  twoFactorPasswordSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/two-factor.ts';
import { messageResponseSchema } from '../../../shared/schemas/users.ts';
import { rateLimitsOf } from '../../config.ts';
import { contextOf, publicContextOf } from '../../plugins/access.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import {
  adminDisableTwoFactor,
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimitsOf(app.config);

  app.get(
    '/users/me/two-factor',
    {
      config: { access: 'self', auditEntity: 'two-factor' },
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => getTwoFactorStatus(contextOf(request)),
  );

  app.post(
    '/users/me/two-factor/setup',
    {
      config: { access: 'self', auditEntity: 'two-factor' },
      schema: {
        tags,
        summary: 'Start turning two-factor on: a new secret, its otpauth:// link and QR code',
        description:
          'The secret is not in force until POST /users/me/two-factor/enable confirms a code. ' +
          '409 when two-factor is already on.',
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) => startTwoFactorSetup(contextOf(request)),
  );

  app.post(
    '/users/me/two-factor/enable',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Turn two-factor on with a first code; answers the 10 recovery codes, once',
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => enableTwoFactor(contextOf(request), request.body.code),
  );

  app.post(
    '/users/me/two-factor/disable',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Turn two-factor off (asks for the password); the recovery codes are deleted',
        body: twoFactorPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await disableTwoFactor(contextOf(request), request.body.password);
      return { message: twoFactorTexts.turnedOff };
    },
  );

  app.post(
    '/users/me/two-factor/recovery-codes',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary:
          'A fresh set of 10 recovery codes (asks for the password); the old set stops working',
        body: twoFactorPasswordSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => regenerateRecoveryCodes(contextOf(request), request.body.password),
  );

  app.post(
    '/users/:id/two-factor/disable',
    {
      config: { access: 'users:manage', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Turn two-factor off for an account that lost its phone and recovery codes',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await adminDisableTwoFactor(contextOf(request), request.params.id);
      return { message: twoFactorTexts.adminTurnedOff };
    },
  );

  app.post(
    '/users/login/two-factor',
    {
      config: {
        access: 'public',
        auditEntity: 'session',
        rateLimit: { max: limits.loginsPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'The code step of a login: the challenge and an authenticator or recovery code',
        description:
          'Answers as a password login does ({role, message, token} and the session cookie). ' +
          'A code of a step already used, or a spent recovery code, is refused; wrong codes ' +
          'count like wrong passwords (429 with Retry-After). A forged, spent or expired ' +
          'challenge (5 minutes) answers 401.',
        security: [],
        body: twoFactorLoginSchema,
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await completeTwoFactorLogin(
        publicContextOf(request),
        request.body,
        request.headers['user-agent'],
      );
      if (!('token' in result)) throw new Error('A two-factor login always starts a session');
      setSessionCookie(request, reply, result.token);
      return { role: result.role, message: accountMessages.loginSuccess, token: result.token };
    },
  );
};
