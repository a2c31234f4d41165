import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationKind =
  'reminder' | 'appointment' | 'progress-report' | 'prescription' | 'system';

export interface NewNotification {
  userId: number;
  message: string;
  kind: NotificationKind;
  /** The screen the notification is about, e.g. /patient-appointments. */
  link?: string | null;
  reminderId?: number | null;
}

/**
 * Creates notifications inside the caller's transaction, so an event and its notices commit
 * together. (Live delivery to open tabs follows the commit.)
 */
export async function createNotifications(
  tx: Executor,
  now: Date,
  items: NewNotification[],
): Promise<{ id: number; userId: number }[]> {
  if (items.length === 0) return [];
  return tx
    .insert(notifications)
    .values(
      items.map((item) => ({
        userId: item.userId,
        message: item.message,
        kind: item.kind,
        link: item.link ?? null,
        reminderId: item.reminderId ?? null,
        createdAt: now,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
}
