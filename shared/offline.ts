/**
 * The contract between the device's offline queue (client/lib/offline-queue.ts) and the server
 * (server/plugins/offline-writes.ts) for changes recorded while the phone had no connection.
 *
 * A queued change is sent with an idempotency key chosen on the device when the change was
 * made, and the moment it was made. The server applies a key once per account: a repeat of a
 * key it has applied answers the first answer again and changes nothing. The audit row of a
 * change sent from the queue says it was recorded offline, and when.
 *
 * The server's answers (server/plugins/offline-writes.ts): a key or recorded time it does not
 * accept is 400 with a message, nothing changed; a key already used for another change (another
 * route or record) is 422; a repeat of an applied key answers the first status and body with
 * `Idempotent-Replay: true`; a key whose change committed but whose answer was lost answers 200
 * `{message}` ("This change was already recorded.") with the same header. A refused change
 * (409, 403, 404...) stores nothing: the same key sent again is judged again.
 */

/** A UUID the device chose for one change; the same on every retry of that change. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** ISO 8601: when the person recorded the change on the device (not when it was uploaded). */
export const RECORDED_AT_HEADER = 'X-Recorded-At';
/** Set on an answer replayed for a key already applied. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replay';

/** How far in the past a device's recorded time is accepted (a week offline). */
export const MAX_OFFLINE_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How far ahead of the server's clock a device's time may run (clock skew). */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The changes a caregiver can make offline, as `method path` patterns (`:id` a record id).
 * Only these routes take the two headers; any other route ignores them.
 */
export const offlineWrites = {
  dose: 'POST /api/doses',
  checkIn: 'POST /api/visits/check-in/:id',
  checkOut: 'POST /api/visits/check-out/:id',
  progressReport: 'POST /api/progress-reports',
  vitalSign: 'POST /api/vital-signs',
} as const;
export type OfflineWriteKind = keyof typeof offlineWrites;
