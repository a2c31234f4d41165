import { reportUnreachable } from './connection.ts';

/**
 * A failed API call: the status and the server's `{message, errors?}`, with the whole answer
 * in `body` for the calls that say more (e.g. the allergies behind a prescription's 409).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra request headers (the offline queue's idempotency key and recorded time). */
  headers?: Record<string, string>;
  /**
   * Leaves out the browser's zone: for the calls the first screen makes (the session, the
   * sign-up status), whose answers hold no time, so the login screen never sets up the
   * browser's time-zone data.
   */
  withoutZone?: boolean;
}

let onSessionEnded: (() => void) | undefined;
/** Called when a signed-in call answers 401: the session expired or was ended elsewhere. */
export function setSessionEndedHandler(handler: (() => void) | undefined): void {
  onSessionEnded = handler;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** How long the zone read from the browser is reused (a device that travels changes it). */
const ZONE_REUSE_MS = 60_000;
let knownZone: { zone: string | undefined; at: number } | null = null;

/**
 * This browser's IANA zone, sent on calls whose answers write times: times in notification
 * texts, CSV files and date ranges are written in it. Read once a minute at most: the first
 * read sets up the browser's time-zone data, about 100 ms of a phone's main thread.
 */
export const browserTimeZone = (): string | undefined => {
  const now = Date.now();
  // A clock set back (a device's time corrected) reads again too.
  if (knownZone && now >= knownZone.at && now - knownZone.at < ZONE_REUSE_MS) return knownZone.zone;
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    zone = undefined;
  }
  knownZone = { zone, at: now };
  return zone;
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, 'X-Requested-With': 'ElderCare' };
  const zone = options.withoutZone ? undefined : browserTimeZone();
  if (zone) headers['X-Time-Zone'] = zone;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    reportUnreachable();
    throw new ApiError(0, 'Network error');
  }
  if (!response.ok) {
    let message = response.statusText || 'Request failed';
    let errors: Record<string, string> | undefined;
    let data: { message?: string; errors?: Record<string, string> } | undefined;
    try {
      data = (await response.json()) as { message?: string; errors?: Record<string, string> };
      if (data.message) message = data.message;
      errors = data.errors;
    } catch {
      // not JSON
    }
    // A failed login and a logout of a gone session answer 401 without a session ending now;
    // any other call's 401 (settings, password, a list) means it ended.
    const isAuthCall = path.startsWith('/api/users/login') || path.startsWith('/api/users/logout');
    if (response.status === 401 && !isAuthCall) onSessionEnded?.();
    // The database or the server is briefly away: one calm notice, not an error per call.
    if (response.status === 503) reportUnreachable();
    throw new ApiError(response.status, message, errors, data);
  }
  return response;
}

/** A failure that means "the server cannot be reached right now" (503, or no answer at all). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 503 || error.status === 0);

/** Calls the API with the session cookie and the header that marks it as the app's own call. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A page of a list: the rows, the total from X-Total-Count, whether that total is only a lower
 * bound (X-Total-Count-Capped: the server stops counting far past the page), and the headers.
 */
export async function apiList<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ items: T[]; total: number; capped: boolean; headers: Headers }> {
  const response = await send(path, options);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('X-Total-Count') ?? items.length);
  const capped = response.headers.get('X-Total-Count-Capped') === 'true';
  return { items, total, capped, headers: response.headers };
}

/**
 * A file from the API (a CSV export): fetched with the session like any call (and the browser's
 * zone, in which the file writes times), answered as a Blob with the server's file name.
 */
export async function apiDownload(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}
