import { errorResponses } from '../../lib/error-responses.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages, notices, twoFactorTexts } from '../../../shared/messages.ts';
import { loginAnswerSchema } from '../../../shared/schemas/two-factor.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import {
  adminUpdateUserSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  changePasswordSchema,
  loginSchema,
  meSchema,
  messageResponseSchema,
  profileSchema,
  registerResponseSchema,
  registerSchema,
  settingsSchema,
  updateProfileSchema,
  updateSettingsSchema,
} from '../../../shared/schemas/users.ts';
import { rateLimitsOf } from '../../config.ts';
import { sendPage } from '../../lib/list.ts';
import { csvRoute } from '../../lib/csv-export.ts';
import { headerTimeZone } from '../clinical-common/reader-zone.ts';
import { exportUsers } from './users-csv.ts';
import type { RequestContext } from '../../auth/context.ts';
import { contextOf, publicContextOf } from '../../plugins/access.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import {
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_GLOBAL,
  MAX_FAILURES_PER_ADDRESS,
} from './login-throttle.ts';
import { logIn, logOut } from './login.service.ts';
import { registerUser } from './sign-up.service.ts';
import { listUsers, updateUser } from './user-admin.service.ts';
import {
  changePassword,
  getMe,
  getProfile,
  getSettings,
  updateProfile,
  updateSettings,
} from './users.service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

const usernameParams = z.object({ username: z.string().min(1).max(200) });

/** A guest is an expected state here, not an error. */
const sessionResponseSchema = z.object({ user: meSchema.nullable() });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimitsOf(app.config);
  app.post(
    '/users/register',
    {
      config: {
        access: 'public',
        auditEntity: 'user',
        // Each sign-up hashes a password (19 MiB, tens of ms): a flood is refused early.
        rateLimit: { max: limits.signUpsPerHour, timeWindow: 60 * 60_000 },
      },
      schema: {
        tags,
        summary: 'Sign up. The first account becomes admin; supervisor/admin requests wait.',
        security: [],
        body: registerSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await registerUser(publicContextOf(request), request.body);
      return reply.status(201).send({ ...created, message: notices.signupSuccess });
    },
  );

  app.post(
    '/users/login',
    {
      config: {
        access: 'public',
        auditEntity: 'session',
        rateLimit: { max: limits.loginsPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Log in: answers {role, message, token} and sets the session cookie',
        description:
          `Every failure answers 401 "Login failed". After ${MAX_FAILURES_PER_ACCOUNT} failures ` +
          `for one username from one client address, ${MAX_FAILURES_PER_ACCOUNT_GLOBAL} for one ` +
          `username from anywhere, or ${MAX_FAILURES_PER_ADDRESS} from one client address, ` +
          `within ${LOGIN_FAILURE_WINDOW_MS / 60_000} minutes, attempts answer 429 (with ` +
          'Retry-After) until the window passes.',
        security: [],
        body: loginSchema,
        // With two-factor on: {role, message, twoFactorRequired, challenge} and no session yet.
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await logIn(
        publicContextOf(request),
        request.body,
        request.headers['user-agent'],
      );
      if ('challenge' in result) {
        const { role, twoFactorRequired, challenge } = result;
        return { role, message: twoFactorTexts.enterCode, twoFactorRequired, challenge };
      }
      setSessionCookie(request, reply, result.token);
      return {
        role: result.role,
        message: accountMessages.loginSuccess,
        token: result.token,
        ...(result.twoFactorSetupRequired ? { twoFactorSetupRequired: true as const } : {}),
      };
    },
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'session', auditEntity: 'session' },
      schema: {
        tags,
        summary: 'Log out: the session ends at once and the cookie is cleared',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await logOut(contextOf(request));
      clearSessionCookie(reply);
      return { message: accountMessages.loggedOut };
    },
  );

  app.get(
    '/session',
    {
      config: {
        access: 'public',
        // No per-address limit: it does no password work, a guest's answer reads nothing and
        // a signed-in one is the same read as /users/me; an office behind one address loads it
        // on every page load.
        rateLimit: false,
      },
      schema: {
        tags,
        summary: 'Who is signed in: the user as /users/me describes them, or null for a guest',
        description:
          'The app asks this when a page loads, so a guest is an expected state and answers ' +
          '200 with `user: null` instead of 401.',
        security: [],
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = publicContextOf(request);
      return { user: request.user && ctx.user ? await getMe(ctx as RequestContext) : null };
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'session', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user: effective role, privileges, linked patient, settings',
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => getMe(contextOf(request)),
  );

  app.put(
    '/users/me/password',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Change the password; every other session of the user ends',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changePassword(contextOf(request), request.body);
      return { message: accountMessages.passwordChanged };
    },
  );

  app.get(
    '/users/me/settings',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user’s settings (font size defaults to 16, 18 for caregivers)',
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => getSettings(contextOf(request)),
  );

  app.put(
    '/users/me/settings',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Change some or all settings',
        body: updateSettingsSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(contextOf(request), request.body),
  );

  app.get(
    '/users/username/:username',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'A profile: one’s own, or any for admins (404 otherwise)',
        params: usernameParams,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => getProfile(contextOf(request), request.params.username),
  );

  app.put(
    '/users/username/:username',
    {
      config: { access: 'self', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Save a profile; role, privileges, id, username and createdAt are ignored',
        params: usernameParams,
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => updateProfile(contextOf(request), request.params.username, request.body),
  );

  app.get(
    '/users',
    {
      config: { access: 'users:manage', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Accounts for the admin: filter by role, pending requests, search',
        querystring: adminUserListQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await listUsers(contextOf(request), request.query)),
  );

  csvRoute(app, '/users.csv', {
    config: { access: 'users:manage', auditEntity: 'user' },
    tags,
    operationId: 'exportUsersCsv',
    summary: 'The Users list as CSV: every account matching the filters and search, sorted',
    querystring: adminUserListQuerySchema,
    errors: errorResponses(400, 401, 403),
    download: (request) =>
      exportUsers(contextOf(request), request.query, headerTimeZone(request.headers)),
  });

  app.patch(
    '/users/:id',
    {
      config: { access: 'users:manage', auditEntity: 'user' },
      schema: {
        tags,
        summary: 'Admin change: role, privileges, active flag, grant or refuse a privilege request',
        params: idParamsSchema,
        body: adminUpdateUserSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => updateUser(contextOf(request), request.params.id, request.body),
  );
};
