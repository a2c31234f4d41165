import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Notification, NotificationKind } from '../../../shared/schemas/notifications.ts';
import { notFound } from '../../lib/http-error.ts';
import { publishNotificationEvent } from './notification-events.ts';

export type { NotificationKind };

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
 * together. Live delivery needs nothing more from the caller: a NOTIFY queued in the same
 * transaction is delivered by the database only when it commits (never after a rollback), to
 * every app instance, which pushes the new notifications to the owners' open streams.
 */
export async function createNotifications(
  tx: Executor,
  now: Date,
  items: NewNotification[],
): Promise<{ id: number; userId: number }[]> {
  if (items.length === 0) return [];
  const created = await tx
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
  await publishNotificationEvent(tx, 'created', created);
  return created;
}

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  message: notifications.message,
  kind: notifications.kind,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

type Row = {
  id: number;
  userId: number;
  message: string;
  kind: string;
  link: string | null;
  createdAt: Date;
};

export const toNotification = (row: Row): Notification => ({
  id: row.id,
  message: row.message,
  kind: row.kind as NotificationKind,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});

const open = (userId: number) =>
  and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** The user's notifications that are not dismissed, newest first, one page and the total. */
export async function listNotifications(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ items: Notification[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(open(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(open(userId)),
  ]);
  return { items: rows.map(toNotification), total: total?.value ?? 0 };
}

/** How many notifications of the user are not dismissed (the bell's number). */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(notifications).where(open(userId));
  return row?.value ?? 0;
}

/** Rows by id, still open (not dismissed), with their owners: for live delivery. */
export async function findOpenNotifications(
  db: Executor,
  ids: number[],
): Promise<(Notification & { userId: number })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(inArray(notifications.id, ids), isNull(notifications.dismissedAt)))
    .orderBy(notifications.createdAt, notifications.id);
  return rows.map((row) => ({ ...toNotification(row), userId: row.userId }));
}

/**
 * Dismisses one of the user's own notifications (again is fine); another user's or a missing
 * one is 404. Every open tab of the user hears of it after the commit.
 */
export async function dismissNotification(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ id: notifications.id, dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  if (row.dismissedAt) return;
  const changed = await db
    .update(notifications)
    .set({ dismissedAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.dismissedAt)))
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishNotificationEvent(db, 'dismissed', changed);
}
