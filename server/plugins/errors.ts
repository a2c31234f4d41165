import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../shared/messages.ts';
import { fieldName, validationMessage } from '../../shared/validation-messages.ts';
import {
  isDatabaseUnavailable,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableReason,
} from '../lib/database-errors.ts';
import { HttpError } from '../lib/http-error.ts';

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "/schedule/times/0" → ['schedule', 'times', 0]. */
const pathOf = (instancePath: string): (string | number)[] =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Turns schema validation issues into `{field: message}`, keeping the first message per field.
 * Schemas' own messages and the product sentences of shared/validation-messages.ts arrive ready
 * (an unknown field is named in the message of the object that holds it).
 */
function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    if (!(field in errors)) errors[field] = issue.message ?? apiErrors.badRequest;
  }
  return errors;
}

/**
 * Issues of a validator other than zod's (none today): its wording is not the product's, so
 * each field gets a sentence that names it.
 */
function otherFieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = pathOf(issue.instancePath ?? '');
    const field = path.join('.') || '_';
    const name = fieldName(path);
    if (!(field in errors))
      errors[field] = name ? `The ${name} is not valid.` : `${apiErrors.badRequest}.`;
  }
  return errors;
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Requests whose body is being read: a body parser (multipart's busboy above all) throws plain
 * errors without a status for a broken body, which would otherwise look like a server fault.
 */
const readingBody = new WeakSet<FastifyRequest>();

/**
 * Fastify's router answers a malformed path (`%E0%A4%A`) or an overlong parameter on its own,
 * before any route or error handler runs; the server options hand those errors here
 * (`frameworkErrors`) so they keep the API's one shape.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: apiErrors.badRequest } satisfies ErrorBody);
}

/** One error shape for the whole API; 5xx bodies never carry stack traces or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Input a schema refuses without a message of its own is answered with a product sentence
  // naming the field, not the validator's wording; schemas' own messages still come first.
  z.config({ customError: validationMessage });
  app.addHook('preParsing', async (request) => {
    readingBody.add(request);
  });
  // Not preValidation: multipart reads a form's fields in a preValidation hook of its own.
  app.addHook('preHandler', async (request) => {
    readingBody.delete(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      const body: ErrorBody = { ...error.extra, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? apiErrors.badRequest;
      return reply.status(400).send({ message: first, errors } satisfies ErrorBody);
    }
    if (error.validation) {
      const errors = otherFieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? apiErrors.badRequest;
      return reply.status(400).send({ message: first, errors } satisfies ErrorBody);
    }
    const state = sqlState(error);
    if (state === '23505') {
      return reply.status(409).send({ message: apiErrors.conflict } satisfies ErrorBody);
    }
    // Class 22 is PostgreSQL's "data exception" (a NUL byte, a number or date out of range):
    // input no schema rule caught, refused before anything was written.
    if (state?.startsWith('22')) {
      return reply.status(400).send({ message: apiErrors.badRequest } satisfies ErrorBody);
    }
    if (error.statusCode === undefined && readingBody.has(request)) {
      // A body that could not be read (a multipart body cut short, no boundary): the client's
      // fault, answered like malformed JSON and logged only by the answer line.
      return reply.status(400).send({ message: apiErrors.badRequest } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or out of connections: the request changed nothing
      // (its transaction is rolled back) and will work once it is back.
      request.log.warn({ reason: unavailableReason(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: apiErrors.unavailable } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: apiErrors.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large and the like.
      return reply.status(status).send({ message: apiErrors.badRequest } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: apiErrors.internal } satisfies ErrorBody);
  });
});
