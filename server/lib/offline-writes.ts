import { z } from 'zod';
import { offlineWriteTexts } from '../../shared/messages.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAX_CLOCK_SKEW_MS,
  MAX_OFFLINE_AGE_MS,
  RECORDED_AT_HEADER,
} from '../../shared/offline.ts';
import { badRequest } from './http-error.ts';

/*
 * The rules of a change sent from a device's offline queue (shared/offline.ts), without HTTP:
 * what the two headers may hold, and what the request context keeps of them. The Fastify side is
 * server/plugins/offline-writes.ts; the key row rides in the change's transaction
 * (server/audit/audit.ts).
 */

/** A change sent with an idempotency key, a device's recorded time, or both. */
export interface OfflineWrite {
  /** The key the device chose for this change; null when it came without one. */
  key: string | null;
  /** What the key is applied to: the method and the path, e.g. `POST /api/visits/check-in/12`. */
  route: string;
  /** When the person recorded the change on the device; null without X-Recorded-At. */
  recordedAt: Date | null;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** ISO 8601 with a date, a time and a zone (Z or ±hh:mm). */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const keyHeader = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const recordedAtHeader = RECORDED_AT_HEADER.toLowerCase();

function parseInstant(text: string): Date | null {
  if (!INSTANT_PATTERN.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The two headers as a route schema declares them (their format; the range of the recorded time
 * against the server's clock is checked by readOfflineWrite). Other headers pass untouched.
 */
export const offlineWriteHeadersSchema = z.looseObject({
  [keyHeader]: z
    .string({ message: offlineWriteTexts.keyInvalid })
    .regex(KEY_PATTERN, offlineWriteTexts.keyInvalid)
    .optional()
    .describe(
      'A key the device chose for this change (a UUID), the same on every retry: a repeat of a ' +
        'key already applied changes nothing and answers the first answer again, with ' +
        'Idempotent-Replay: true. 1-100 characters of A-Z a-z 0-9 - _.',
    ),
  [recordedAtHeader]: z
    .string({ message: offlineWriteTexts.recordedAtInvalid })
    .refine((text) => parseInstant(text.trim()) !== null, offlineWriteTexts.recordedAtInvalid)
    .optional()
    .describe(
      'When the change was recorded on the device (ISO 8601 with its zone): the time of the ' +
        'event instead of the upload. At most 5 minutes ahead of the server and 7 days old.',
    ),
});

/** What the route documents about the two headers and the replay. */
export const offlineWriteDescription =
  'Can be sent from the offline queue: with Idempotency-Key a repeat of the key answers the ' +
  'first answer again (Idempotent-Replay: true) and changes nothing; the key used on another ' +
  'change answers 422. A key whose change committed but whose answer was lost answers 200 ' +
  "{message: 'This change was already recorded.'} with Idempotent-Replay. With X-Recorded-At " +
  'the event takes the time recorded on the device and its audit rows say it was recorded ' +
  'offline.';

const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The offline write of a request from its headers, or null when it carries neither. Throws the
 * 400 of a key or a recorded time that is not accepted (nothing has been changed yet).
 */
export function readOfflineWrite(
  headers: Record<string, string | string[] | undefined>,
  route: string,
  now: Date,
): OfflineWrite | null {
  const keyText = headerText(headers[keyHeader]);
  const recordedText = headerText(headers[recordedAtHeader]);
  if (keyText === undefined && recordedText === undefined) return null;
  if (keyText !== undefined && !KEY_PATTERN.test(keyText)) {
    throw badRequest({ [keyHeader]: offlineWriteTexts.keyInvalid }, offlineWriteTexts.keyInvalid);
  }
  let recordedAt: Date | null = null;
  if (recordedText !== undefined) {
    const refuse = (message: string) => badRequest({ [recordedAtHeader]: message }, message);
    recordedAt = parseInstant(recordedText.trim());
    if (!recordedAt) throw refuse(offlineWriteTexts.recordedAtInvalid);
    if (recordedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      throw refuse(offlineWriteTexts.recordedAtInFuture);
    }
    if (recordedAt.getTime() < now.getTime() - MAX_OFFLINE_AGE_MS) {
      throw refuse(offlineWriteTexts.recordedAtTooOld);
    }
  }
  return { key: keyText ?? null, route, recordedAt };
}

/**
 * The time of the event a change records: the device's recorded time when the change came from
 * the offline queue, else the server's now. A device clock a little ahead (within the skew) gives
 * the server's now: an event is never dated after it reached the server.
 */
export function eventTimeOf(offline: OfflineWrite | null, now: Date): Date {
  const at = offline?.recordedAt;
  return at && at.getTime() < now.getTime() ? at : now;
}

/** What the audit rows of an offline change say: recorded offline, and when. */
export function offlineAuditDetails(
  offline: OfflineWrite | null,
): { recordedOffline: true; recordedAt: string } | null {
  return offline?.recordedAt
    ? { recordedOffline: true, recordedAt: offline.recordedAt.toISOString() }
    : null;
}

/**
 * The change's idempotency key is applied already (a twin request committed first): the change
 * was rolled back, and the request is answered from the key instead.
 */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key already applied');
  }
}

/** True for the unique index of one key per account (a twin request that committed first). */
export function isKeyTaken(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') {
      const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
      if (text.includes('idempotency_keys_user_key_idx')) return true;
    }
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}
