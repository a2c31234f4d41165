import { errorBodySchema } from '../../shared/schemas/common.ts';

/**
 * The `response` entries of a route's refusals: every error status answers the one
 * `{message, errors?}` body that plugins/errors.ts sends, so OpenAPI lists each with it.
 */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
