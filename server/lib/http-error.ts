import { apiErrors } from '../../shared/messages.ts';

/**
 * An error with an HTTP status and the `{message, errors?}` body the client shows. `extra` adds
 * fields a caller can act on (e.g. the allergy check's `code` and `allergies`); the route then
 * declares them in its response schema, or the serializer drops them.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (
  errors?: Record<string, string>,
  message: string = apiErrors.badRequest,
) => new HttpError(400, message, errors);
export const unauthorized = (message: string = apiErrors.unauthorized) =>
  new HttpError(401, message);
export const forbidden = (message: string = apiErrors.forbidden) => new HttpError(403, message);
/** Out of scope answers exactly like missing: same status, same message. */
export const notFound = () => new HttpError(404, apiErrors.notFound);
export const conflict = (message: string = apiErrors.conflict, errors?: Record<string, string>) =>
  new HttpError(409, message, errors);
export const tooManyRequests = () => new HttpError(429, apiErrors.tooManyRequests);
