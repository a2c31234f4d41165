import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { RequestContext } from '../../auth/context.ts';
import type { Db, Executor } from '../../db/client.ts';
import { reminders } from '../../db/schema/index.ts';
import { dateFormatter } from '../../../shared/format.ts';
import { parseInstant } from '../../../shared/schemas/appointments.ts';
import {
  presetReminders,
  type Reminder,
  type ReminderInput,
  type ReminderListQuery,
} from '../../../shared/schemas/reminders.ts';
import { likePattern, type Page } from '../../lib/list.ts';
import { createNotifications } from '../notifications/notifications.service.ts';

const columns = {
  id: reminders.id,
  message: reminders.message,
  date: reminders.date,
  firedAt: reminders.firedAt,
  isPreset: reminders.isPreset,
  createdAt: reminders.createdAt,
  updatedAt: reminders.updatedAt,
};

type Row = {
  id: number;
  message: string;
  date: Date;
  firedAt: Date | null;
  isPreset: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const toReminder = (row: Row): Reminder => ({
  id: row.id,
  message: row.message,
  date: row.date.toISOString(),
  firedAt: row.firedAt?.toISOString() ?? null,
  isPreset: row.isPreset,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const own = (userId: number) => and(eq(reminders.userId, userId), isNull(reminders.deletedAt));

/** The reminder's instant from validated input (the schema has already refused bad text). */
function instantOf(text: string): Date {
  const date = parseInstant(text);
  if (!date) throw new Error('reminder date was not validated');
  return date;
}

/**
 * The caller's own reminders, after creating a caregiver's presets the first time
 * (`presetsCreated` says whether this call did).
 */
export async function listReminders(
  ctx: RequestContext,
  query: ReminderListQuery,
): Promise<{ page: Page<Reminder>; presetsCreated: boolean }> {
  const { user } = ctx;
  const presetsCreated =
    user.role === 'caregiver' &&
    (await ensurePresetReminders(ctx.db, user.id, ctx.clock.now(), query.timeZone));
  return { page: await selectReminders(ctx.db, user.id, query), presetsCreated };
}

/**
 * The user's own reminders: the ones still to come first (soonest first), then the ones that
 * have reminded (latest first). With a from/to range (the calendar): that range by time.
 */
async function selectReminders(
  db: Executor,
  userId: number,
  query: Pick<ReminderListQuery, 'limit' | 'offset' | 'q' | 'from' | 'to'>,
): Promise<Page<Reminder>> {
  const where = and(
    own(userId),
    query.from ? gte(reminders.date, instantOf(query.from)) : undefined,
    query.to ? lt(reminders.date, instantOf(query.to)) : undefined,
    query.q ? ilike(reminders.message, likePattern(query.q)) : undefined,
  );
  const order =
    query.from || query.to
      ? [asc(reminders.date), asc(reminders.id)]
      : [
          sql`${reminders.firedAt} is not null`,
          sql`case when ${reminders.firedAt} is null then ${reminders.date} end asc`,
          desc(reminders.date),
          asc(reminders.id),
        ];
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(reminders)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(reminders).where(where),
  ]);
  return { items: rows.map(toReminder), total: total?.value ?? 0 };
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = dateFormatter('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - instant;
}

/** The instant at which a wall clock in `timeZone` shows `wallTime` ('2024-12-01T10:00:00'). */
export function wallTimeToInstant(wallTime: string, timeZone = 'UTC'): Date {
  const guess = Date.parse(`${wallTime}Z`);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // A second pass settles instants near a daylight-saving change.
  return new Date(guess - zoneOffsetMs(first, timeZone));
}

/** Presets are created once per user; this lock key keeps two first loads from both doing it. */
const PRESET_LOCK_CLASS = 7_301;

/**
 * Creates the seed's two preset reminders for the user the first time their reminders are
 * loaded, at the seed's wall-clock times in the user's time zone. Returns true when it created
 * them now. Idempotent and race-safe: a user that ever had presets (even deleted ones) gets
 * none again, and concurrent first loads are serialised by a transaction-scoped advisory lock.
 *
 * Presets whose time has already passed are stored as having reminded (firedAt = now): they are
 * sample entries, and firing them would greet a new caregiver with stale notifications.
 */
async function ensurePresetReminders(
  db: Db,
  userId: number,
  now: Date,
  timeZone?: string,
): Promise<boolean> {
  const hasPresets = async (executor: Executor) =>
    (
      await executor
        .select({ id: reminders.id })
        .from(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.isPreset, true)))
        .limit(1)
    ).length > 0;
  if (await hasPresets(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRESET_LOCK_CLASS}, ${userId})`);
    if (await hasPresets(tx)) return false;
    await tx.insert(reminders).values(
      presetReminders.map((preset) => {
        const date = wallTimeToInstant(preset.date, timeZone);
        return {
          userId,
          message: preset.message,
          date,
          firedAt: date.getTime() <= now.getTime() ? now : null,
          isPreset: true,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
    return true;
  });
}

/** Adds a reminder of the caller's own; one whose time has passed reminds at the next tick. */
export async function createReminder(ctx: RequestContext, input: ReminderInput): Promise<Reminder> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(reminders)
    .values({
      userId: ctx.user.id,
      message: input.message,
      date: instantOf(input.date),
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns);
  return toReminder(row!);
}

/**
 * Edits one of the user's own reminders (404 for anyone else's). A new time arms it again, so it
 * reminds at that time even if it had reminded before; a changed message alone does not.
 */
export async function updateReminder(
  ctx: RequestContext,
  id: number,
  input: ReminderInput,
): Promise<Reminder> {
  const date = instantOf(input.date);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(reminders)
    .set({
      message: input.message,
      date,
      // Evaluated under the row lock, after a firing that holds it has committed.
      firedAt: sql`case when ${reminders.date} = ${date} then ${reminders.firedAt} else null end`,
      updatedAt: now,
    })
    .where(and(eq(reminders.id, id), own(ctx.user.id)))
    .returning(columns);
  if (!row) return refuseReminder(ctx, id);
  return toReminder(row);
}

/** Soft-deletes one of the caller's own reminders (404 for anyone else's); it never fires. */
export async function deleteReminder(ctx: RequestContext, id: number): Promise<void> {
  const now = ctx.clock.now();
  const deleted = await ctx.db
    .update(reminders)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(reminders.id, id), own(ctx.user.id)))
    .returning({ id: reminders.id });
  if (deleted.length === 0) await refuseReminder(ctx, id);
}

/** Someone else's reminder answers as a missing one; it is no patient's data, so no row. */
const refuseReminder = (ctx: RequestContext, id: number) =>
  ctx.notFound({ entity: 'reminder', entityId: id });

/**
 * Fires one batch of due reminders (time <= now, not fired, not deleted) in one transaction:
 * claims them with FOR UPDATE SKIP LOCKED (so concurrent instances take disjoint rows), marks
 * them fired and creates their notifications; the live push follows the commit. Returns how
 * many it fired.
 */
export async function fireDueReminderBatch(db: Db, now: Date, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: reminders.id })
      .from(reminders)
      .where(and(isNull(reminders.firedAt), isNull(reminders.deletedAt), lte(reminders.date, now)))
      .orderBy(asc(reminders.date), asc(reminders.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(reminders)
      .set({ firedAt: now })
      .where(and(inArray(reminders.id, due), isNull(reminders.firedAt)))
      .returning({ id: reminders.id, userId: reminders.userId, message: reminders.message });
    await createNotifications(
      tx,
      now,
      claimed.map((reminder) => ({
        userId: reminder.userId,
        message: reminder.message,
        kind: 'reminder' as const,
        link: '/notifications',
        reminderId: reminder.id,
      })),
    );
    return claimed.length;
  });
}
