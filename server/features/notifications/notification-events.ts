import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Live delivery of notifications.
 *
 * Whoever creates or dismisses a notification queues a NOTIFY on this channel inside its own
 * transaction. PostgreSQL (and PGlite alike) delivers it only when that transaction commits,
 * to every listening connection: so each app instance sharing the database hears about every
 * change exactly when it becomes visible, and never about a rolled-back one. The payload holds
 * ids only (no message text, which may be health information); each instance loads the rows
 * it needs for the streams it holds.
 */
export const NOTIFICATION_CHANNEL = 'eldercare_notifications';

/** At most this many (id, user) pairs per NOTIFY, well under PostgreSQL's 8000-byte payload. */
export const PAIRS_PER_NOTIFY = 200;

export type ChangeKind = 'created' | 'dismissed';
export interface ChangePayload {
  k: ChangeKind;
  /** [notification id, owner user id] */
  n: [number, number][];
}

/** Queues the change for live delivery; it is sent when the surrounding transaction commits. */
export async function publishNotificationEvent(
  db: Executor,
  kind: ChangeKind,
  rows: { id: number; userId: number }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += PAIRS_PER_NOTIFY) {
    const payload: ChangePayload = {
      k: kind,
      n: rows.slice(start, start + PAIRS_PER_NOTIFY).map((row) => [row.id, row.userId]),
    };
    await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(payload)})`);
  }
}

export function parsePayload(text: string): ChangePayload | null {
  try {
    const value = JSON.parse(text) as ChangePayload;
    if (
      (value.k === 'created' || value.k === 'dismissed') &&
      Array.isArray(value.n) &&
      value.n.every((pair) => Array.isArray(pair) && pair.every(Number.isInteger))
    ) {
      return value;
    }
  } catch {
    // not ours
  }
  return null;
}
