/**
 * Failures that mean "the database cannot be reached right now", as opposed to a fault in the
 * request or in our code. The server answers them 503 with `Retry-After`: the same request will
 * work once the database is back, and nothing was written (every change is one transaction,
 * which PostgreSQL rolls back when its connection is lost).
 */

/** Seconds a client is asked to wait before trying again during an outage. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was lost (Node's `code`). */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // postgres.js names its own
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), admin and crash shutdown, "cannot connect now" (starting up or recovering) and
 * too many connections.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres and its pool say these without a code: a connection lost or never made (the
 * pool's and the client's connect timeouts: a server that takes TCP connections but does not
 * answer), and a pooled connection whose server did not answer within the query timeout, which
 * is longer than the statement timeout: a server that does not even cancel its own statement
 * has stopped answering. A statement the server cancelled at the statement timeout (SQLSTATE
 * 57014) is not here: one slow query is a fault of that request, not an outage.
 */
const messages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client (was closed|has encountered a connection error) and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (socketCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || unavailableStates.has(code);
  }
  return typeof message === 'string' && messages.some((pattern) => pattern.test(message));
}

/**
 * The error (the one given, or one it wraps: Drizzle's `DrizzleQueryError.cause`, Node's
 * `AggregateError.errors` when every address of a host refused) that says the database is
 * unreachable, or null. A query the database refused (a constraint, bad data) is not one.
 */
function findUnavailable(error: unknown, depth: number): object | null {
  if (depth > 4 || typeof error !== 'object' || error === null) return null;
  if (isUnavailableItself(error)) return error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const inner = findUnavailable(cause, depth + 1);
  if (inner) return inner;
  if (!Array.isArray(errors)) return null;
  for (const item of errors) {
    const found = findUnavailable(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether an error means the database cannot be reached right now (see findUnavailable). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findUnavailable(error, 0) !== null;
}

/**
 * A short reason for the log ("ECONNREFUSED", "57P01", "Connection terminated unexpectedly"):
 * never the failed query or its parameters, which Drizzle's wrapper carries in its message.
 */
export function unavailableReason(error: unknown): string {
  const found = findUnavailable(error, 0) as { code?: unknown; message?: unknown } | null;
  if (!found) return 'unknown';
  if (typeof found.code === 'string') return found.code;
  return typeof found.message === 'string' ? found.message.slice(0, 120) : 'unknown';
}
