import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { renderNotificationText } from '../../../shared/format.ts';
import type { Notification, NotificationKind } from '../../../shared/schemas/notifications.ts';
import { notFound } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  NOTIFICATION_CHANNEL,
  PAIRS_PER_NOTIFY,
  publishNotificationEvent,
} from './notification-events.ts';
import { readerTimeZone } from '../clinical-common/reader-zone.ts';

export type { NotificationKind };

export interface NewNotification {
  userId: number;
  message: string;
  kind: NotificationKind;
  /** The screen the notification is about, e.g. /patient-appointments. */
  link?: string | null;
  reminderId?: number | null;
  /**
   * The instant the message speaks of: the message holds {at} where it goes, and each reader
   * sees it in their own zone.
   */
  at?: Date | null;
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
  const created: { id: number; userId: number }[] = [];
  // One statement for each NOTIFY's worth: a payload stays well under PostgreSQL's 8,000 bytes.
  for (let start = 0; start < items.length; start += PAIRS_PER_NOTIFY) {
    created.push(...(await insertAndNotify(tx, now, items.slice(start, start + PAIRS_PER_NOTIFY))));
  }
  return created;
}

/**
 * The notices of one change and their NOTIFY in one statement whose text never changes (the
 * rows travel as arrays): a change that tells a patient's team paid a round trip for each.
 * The payload is the one publishNotificationEvent sends, every pair in the id's order.
 */
async function insertAndNotify(
  tx: Executor,
  now: Date,
  items: NewNotification[],
): Promise<{ id: number; userId: number }[]> {
  const column = <T>(pick: (item: NewNotification) => T) => sql.param(items.map(pick));
  return rowsOf<{ id: number; userId: number }>(
    tx,
    sql`with created as (
        insert into ${notifications} (user_id, message, kind, link, reminder_id, at, created_at)
        select u, m, k, l, r, a, ${now.toISOString()}::timestamptz
        from unnest(${column((item) => item.userId)}::int[], ${column((item) => item.message)}::text[],
          ${column((item) => item.kind)}::text[], ${column((item) => item.link ?? null)}::text[],
          ${column((item) => item.reminderId ?? null)}::int[],
          ${column((item) => item.at?.toISOString() ?? null)}::timestamptz[]) as t(u, m, k, l, r, a)
        returning id, user_id
      ),
      notified as (
        select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('k', 'created',
          'n', json_agg(json_build_array(id, user_id) order by id))::text) from created
      )
      -- The NOTIFY runs because its one row is counted.
      select id, user_id as "userId" from created
      where (select count(*) from notified) = 1
      order by id`,
  );
}

/** The columns a notification is read with, for its reader (toNotification). */
export const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  message: notifications.message,
  kind: notifications.kind,
  link: notifications.link,
  at: notifications.at,
  createdAt: notifications.createdAt,
};

export type Row = {
  id: number;
  userId: number;
  message: string;
  kind: string;
  link: string | null;
  at: Date | null;
  createdAt: Date;
};

/** A notification as its reader sees it: its time (if any) written in the reader's zone. */
export const toNotification = (row: Row, timeZone: string): Notification => ({
  id: row.id,
  message: renderNotificationText(row.message, row.at, timeZone),
  kind: row.kind as NotificationKind,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});

const open = (userId: number) =>
  and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/**
 * The signed-in user's notifications that are not dismissed, newest first, one page and the
 * total. A notification can name a patient and an appointment: reading them is audited.
 */
export async function listNotifications(
  ctx: RequestContext,
  page: { limit: number; offset: number },
  browserZone?: string,
): Promise<{ items: Notification[]; total: number }> {
  const mine = open(ctx.user.id);
  const [rows, [total], timeZone] = await Promise.all([
    ctx.db
      .select(notificationColumns)
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(notifications).where(mine),
    readerTimeZone(ctx.db, ctx.user.id, browserZone),
  ]);
  await ctx.audit.read({ action: 'list', entity: 'notification' });
  return { items: rows.map((row) => toNotification(row, timeZone)), total: total?.value ?? 0 };
}

/** How many notifications of the signed-in user are not dismissed (the bell's number). */
export async function countUnread(ctx: RequestContext): Promise<number> {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(notifications)
    .where(open(ctx.user.id));
  return row?.value ?? 0;
}

/**
 * Rows by id, still open (not dismissed), with their owners: for live delivery. Each stream
 * renders the times in its reader's zone (toNotification).
 */
export async function findOpenNotifications(db: Executor, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(inArray(notifications.id, ids), isNull(notifications.dismissedAt)))
    .orderBy(notifications.createdAt, notifications.id);
  return rows;
}

/**
 * Dismisses one of the signed-in user's own notifications (again is fine); another user's or a
 * missing one is 404. Every open tab of the user hears of it after the commit.
 */
export async function dismissNotification(ctx: RequestContext, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: notifications.id, dismissedAt: notifications.dismissedAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, ctx.user.id)))
      .limit(1);
    if (!row) throw notFound();
    if (row.dismissedAt) return;
    const changed = await tx
      .update(notifications)
      .set({ dismissedAt: now })
      .where(and(eq(notifications.id, id), isNull(notifications.dismissedAt)))
      .returning({ id: notifications.id, userId: notifications.userId });
    await publishNotificationEvent(tx, 'dismissed', changed);
  });
}
