import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { addDays, localParts } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import {
  visitConflictSchema,
  visitInputSchema,
  visitSchema,
  visitUpdateSchema,
  type VisitConflict,
  type VisitInput,
  type VisitStatus,
  type VisitUpdate,
} from '../../../shared/schemas/visits.ts';
import { MAX_REPEAT_DAYS } from '../../../shared/constants.ts';
import {
  atLocalTimes,
  localTimesOf,
  overlaps,
  weeklyOccurrences,
  type Span,
} from '../../../shared/visit-rules.ts';
import type { AuditEvent } from '../../audit/audit.ts';
import type { RequestContext } from '../../auth/context.ts';
import { scopeKind } from '../../auth/scope.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  careTeamMembers,
  carePlanTasks,
  users,
  visitSeries,
  visits as table,
  visitTasks,
} from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import {
  clinicalRecords,
  isoText,
  patientDisplayName,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { recordReads } from '../clinical-common/record-queries.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';
import {
  createNotifications,
  type NewNotification,
} from '../notifications/notifications.service.ts';

/*
 * Planning caregiver visits (the `visit` record type): one visit or a weekly series, moved one
 * at a time or "this and following", cancelled, deleted and restored. A caregiver is never
 * booked on two overlapping visits: every write that gives a caregiver visit time takes that
 * caregiver's transaction-scoped advisory lock first, so two planners on two instances go one
 * after the other and the second sees the first's visits. Check-in, check-out and corrections
 * are in visit-check.ts.
 */

export type VisitRow = StoredRow<typeof table>;

/** The first half of the two-part advisory lock keys of a caregiver's visits (the second: the id). */
const CAREGIVER_LOCK_CLASS = 730_451_201;

/** Statuses whose visits hold the caregiver's time. */
const freeStatuses: VisitStatus[] = ['cancelled', 'missed'];

/** An instant as text inside a json_build_object (the same shape as isoText). */
const isoOf = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A visit's tasks in order, as one json array. The visit's id is written out (see doses). */
const tasksOf = sql`coalesce((select json_agg(json_build_object(
    'id', t.id, 'position', t.position, 'title', t.title, 'status', t.status, 'reason', t.reason
  ) order by t.position, t.id) from visit_tasks t where t.visit_id = visits.id), '[]'::json)`;

/** The corrections of a visit's times, oldest first, with who made them. */
const correctionsOf = sql`coalesce((select json_agg(json_build_object(
    'previousCheckInAt', ${isoOf(sql`c.previous_check_in_at`)},
    'previousCheckOutAt', ${isoOf(sql`c.previous_check_out_at`)},
    'previousStatus', c.previous_status,
    'checkInAt', ${isoOf(sql`c.check_in_at`)},
    'checkOutAt', ${isoOf(sql`c.check_out_at`)},
    'reason', c.reason,
    'correctedByName', coalesce((select u.first_name || ' ' || u.second_name from users u where u.id = c.corrected_by), ''),
    'correctedAt', ${isoOf(sql`c.corrected_at`)}
  ) order by c.corrected_at, c.id) from visit_corrections c where c.visit_id = visits.id), '[]'::json)`;

/** "Personal care" for the Deleted Records screen, in the product's words. */
const serviceLabelOf = sql`case ${table.serviceType} ${sql.join(
  Object.entries(visitTexts.serviceTypeLabels).map(
    ([type, label]) => sql`when ${type}::text then ${label}::text`,
  ),
  sql` `,
)} else ${table.serviceType} end`;

export const records = clinicalRecords({
  type: 'visit',
  table,
  answer: visitSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    caregiverId: table.caregiverId,
    caregiverName: userNameOf(table.caregiverId),
    seriesId: table.seriesId,
    plannedStart: table.plannedStart,
    plannedEnd: table.plannedEnd,
    serviceType: table.serviceType,
    status: table.status,
    cancelReason: table.cancelReason,
    instructions: table.instructions,
    checkInAt: table.checkInAt,
    checkInLocation: table.checkInLocation,
    checkInLatitude: table.checkInLatitude,
    checkInLongitude: table.checkInLongitude,
    checkInAccuracy: table.checkInAccuracy,
    checkOutAt: table.checkOutAt,
    checkOutLocation: table.checkOutLocation,
    checkOutLatitude: table.checkOutLatitude,
    checkOutLongitude: table.checkOutLongitude,
    checkOutAccuracy: table.checkOutAccuracy,
    note: table.note,
    progressReportId: table.progressReportId,
    tasks: tasksOf,
    corrections: correctionsOf,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.plannedStart,
  newestFirst: [desc(table.plannedStart), desc(table.id)],
  searchable: [table.instructions, table.note],
  recorder: 'recordedBy',
  deleted: {
    summary: sql`${serviceLabelOf} || ': ' || coalesce(nullif(${userNameOf(table.caregiverId)}, ''), ${visitTexts.unassigned}::text)`,
    recordDate: isoText(table.plannedStart),
  },
});
export const reads = recordReads(records.kind);

export const refuse = (field: string, message: string): HttpError =>
  badRequest({ [field]: message }, message);

/** The 409 of a caregiver booked twice (visitConflictSchema). */
function visitConflict(body: VisitConflict): HttpError {
  const { message, ...extra } = body;
  return new HttpError(409, message, undefined, extra);
}

/** "2026-07-01 09:00" in the agency's zone. */
export const localDateTime = (at: Date, zone: string): string => {
  const parts = localParts(at, zone);
  return `${parts.date} ${parts.time}`;
};

/** A visit's task as a check-out reads it with the visit, in the tasks' order. */
export interface VisitTaskTitle {
  id: number;
  title: string;
}

/**
 * The visit's tasks (id and title, in their order) as one JSON value beside its row. The visit's
 * id is written out whole: in a select of one table the query builder names a column without its
 * table, which inside this subquery would be the task's own id.
 */
const tasksOfVisit = sql<VisitTaskTitle[]>`coalesce((select json_agg(json_build_object('id', t.id,
  'title', t.title) order by t.position, t.id) from visit_tasks t where t.visit_id = "visits"."id"),
  '[]'::json)`;

/**
 * The visit in the caller's scope (live), or the audited 404; `withTasks`: with its tasks
 * (a check-out reads them with the visit, one statement fewer). Prepared once per kind of scope:
 * every check-in, check-out and change of a visit starts here, and building the select of the
 * visit's columns and the scope each time was a fifth of a check-in's CPU.
 */
export async function visitInScope(ctx: RequestContext, id: number): Promise<VisitRow>;
export async function visitInScope(
  ctx: RequestContext,
  id: number,
  withTasks: true,
): Promise<VisitRow & { tasks: VisitTaskTitle[] }>;
export async function visitInScope(ctx: RequestContext, id: number, withTasks = false) {
  const kind = scopeKind(ctx.user);
  const name = `visit_in_scope_${withTasks ? 'with_tasks_' : ''}${kind}`;
  const statement = preparedFor(ctx.db, name, () =>
    ctx.db
      .select({ ...getTableColumns(table), ...(withTasks ? { tasks: tasksOfVisit } : {}) })
      .from(table)
      .where(
        and(
          eq(table.id, sql.placeholder('id')),
          reads.visible(ctx.user, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare(name.replace('-', '_')),
  );
  const [row] = await statement.execute({ id, userId: ctx.user.id });
  if (!row) return reads.notFoundRecord(ctx, id);
  return row;
}

interface Caregiver {
  id: number;
  name: string;
}

/**
 * A caregiver a visit may be given to: an active account with the caregiver role (else 400
 * notCaregiver) on the patient's care team (else 400 naming them).
 */
async function assignableCaregiver(
  db: Executor,
  patientId: number,
  caregiverId: number,
): Promise<Caregiver> {
  const [user] = await db
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.secondName}`,
      role: users.role,
      isActive: users.isActive,
      onTeam: sql<boolean>`exists (select 1 from ${careTeamMembers} m where m.patient_id = ${patientId} and m.user_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, caregiverId))
    .limit(1);
  if (!user || user.role !== 'caregiver' || !user.isActive) {
    throw refuse('caregiverId', visitTexts.notCaregiver);
  }
  if (!user.onTeam) throw refuse('caregiverId', visitTexts.caregiverNotOnTeam(user.name));
  return { id: user.id, name: user.name };
}

/** The caregiver's visit time is ours until the transaction ends: planners take turns. */
async function lockCaregiver(tx: Tx, caregiverId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAREGIVER_LOCK_CLASS}, ${caregiverId})`);
}

interface Placed extends Span {
  id: number;
}

/**
 * Refuses (409, visitConflictSchema) when any of `placed` (visits of one patient, already
 * written in this transaction) overlaps another live visit of the caregiver that holds their
 * time, or another of `placed`. Run under the caregiver's lock.
 */
export async function assertNoOverlap(
  tx: Tx,
  caregiver: Caregiver,
  placed: Placed[],
  patientName: string,
  zone: string,
): Promise<void> {
  if (placed.length === 0) return;
  const from = new Date(Math.min(...placed.map((p) => p.start.getTime())));
  const to = new Date(Math.max(...placed.map((p) => p.end.getTime())));
  const others = await tx
    .select({
      id: table.id,
      patientName: patientNameOf(table.patientId),
      start: table.plannedStart,
      end: table.plannedEnd,
    })
    .from(table)
    .where(
      and(
        eq(table.caregiverId, caregiver.id),
        isNull(table.deletedAt),
        notInArray(table.status, freeStatuses),
        lt(table.plannedStart, to),
        gt(table.plannedEnd, from),
        notInArray(
          table.id,
          placed.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(table.plannedStart), asc(table.id));
  const sorted = [...placed].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
  for (const [index, visit] of sorted.entries()) {
    const clash =
      others.find((other) => overlaps(visit, other)) ??
      sorted
        .slice(0, index)
        .map((earlier) => ({ ...earlier, patientName }))
        .find((earlier) => overlaps(visit, earlier));
    if (clash) {
      throw visitConflict({
        code: 'overlap',
        visitId: clash.id,
        message: visitTexts.caregiverOverlap(
          caregiver.name,
          clash.patientName,
          localDateTime(clash.start, zone),
        ),
      });
    }
  }
}

/** The titles of a patient's live care plan tasks, in order. */
async function carePlanTitles(db: Executor, patientId: number): Promise<string[]> {
  const rows = await db
    .select({ title: carePlanTasks.title })
    .from(carePlanTasks)
    .where(and(eq(carePlanTasks.patientId, patientId), isNull(carePlanTasks.deletedAt)))
    .orderBy(asc(carePlanTasks.position), asc(carePlanTasks.id));
  return rows.map((row) => row.title);
}

const spanOf = (input: { plannedStart: string; plannedEnd: string }): Span => ({
  start: parseClinicalInstant(input.plannedStart)!,
  end: parseClinicalInstant(input.plannedEnd)!,
});

/** Audit rows of visits changed, naming the caregiver when that is not the actor. */
export const visitEvents = (
  ctx: RequestContext,
  action: AuditEvent['action'],
  rows: { id: number; patientId: number; caregiverId: number | null }[],
): AuditEvent[] =>
  rows.map((row) => ({
    action,
    entity: 'visit',
    entityId: row.id,
    patientId: row.patientId,
    subjectUserId:
      row.caregiverId === null || row.caregiverId === ctx.user.id ? null : row.caregiverId,
  }));

/** One notice per caregiver (never the caller), in the change's transaction. */
export async function notifyCaregivers(
  ctx: RequestContext,
  tx: Tx,
  notices: Map<number, string>,
): Promise<void> {
  const items: NewNotification[] = [];
  for (const [userId, message] of notices) {
    if (userId === ctx.user.id) continue;
    items.push({ userId, message, kind: 'visit', link: '/caregiver-dashboard' });
  }
  await createNotifications(tx, ctx.clock.now(), items);
}

/**
 * Plans a visit, or a weekly series of them (one visit_series row and every occurrence), for a
 * patient in the caller's scope. Nothing is written on a refusal.
 */
async function create(ctx: RequestContext, input: VisitInput) {
  const first = spanOf(input);
  await ctx.scope.require(input.patientId, { entity: 'visit' });
  const caregiver =
    input.caregiverId == null
      ? null
      : await assignableCaregiver(ctx.db, input.patientId, input.caregiverId);
  const { timeZone: zone } = await loadAgencySettings(ctx.db);
  let spans: Span[] = [first];
  if (input.repeat) {
    const firstDate = localParts(first.start, zone).date;
    if (input.repeat.until < firstDate) {
      throw refuse('repeat.until', visitTexts.untilBeforeStart);
    }
    if (input.repeat.until > addDays(firstDate, MAX_REPEAT_DAYS)) {
      throw refuse('repeat.until', visitTexts.untilTooFar);
    }
    spans = weeklyOccurrences(first, input.repeat, zone);
  }
  const titles = input.tasks ?? (await carePlanTitles(ctx.db, input.patientId));
  const patientName = await patientDisplayName(ctx.db, input.patientId);
  const now = ctx.clock.now();

  const inserted = await ctx.audit.change(
    async (tx) => {
      if (caregiver) await lockCaregiver(tx, caregiver.id);
      let seriesId: number | null = null;
      if (input.repeat) {
        const [series] = await tx
          .insert(visitSeries)
          .values({
            patientId: input.patientId,
            weekdays: [...input.repeat.weekdays].sort((a, b) => a - b),
            untilDate: input.repeat.until,
            createdBy: ctx.user.id,
            createdAt: now,
          })
          .returning({ id: visitSeries.id });
        seriesId = series!.id;
      }
      const rows = await tx
        .insert(table)
        .values(
          spans.map((span) => ({
            patientId: input.patientId,
            caregiverId: caregiver?.id ?? null,
            seriesId,
            plannedStart: span.start,
            plannedEnd: span.end,
            serviceType: input.serviceType,
            instructions: input.instructions ?? '',
            recordedBy: ctx.user.id,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({
          id: table.id,
          patientId: table.patientId,
          caregiverId: table.caregiverId,
          start: table.plannedStart,
          end: table.plannedEnd,
        });
      if (caregiver) await assertNoOverlap(tx, caregiver, rows, patientName, zone);
      if (titles.length > 0) {
        await tx.insert(visitTasks).values(
          rows.flatMap((row) =>
            titles.map((title, position) => ({
              visitId: row.id,
              position,
              title,
              updatedAt: now,
            })),
          ),
        );
      }
      if (caregiver) {
        const when = localDateTime(first.start, zone);
        const message =
          rows.length === 1
            ? visitTexts.visitAssignedNotice(patientName, when)
            : visitTexts.visitSeriesAssignedNotice(rows.length, patientName, when);
        await notifyCaregivers(ctx, tx, new Map([[caregiver.id, message]]));
      }
      return rows;
    },
    (rows) => visitEvents(ctx, 'create', rows),
  );
  return reads.answerFor(ctx, inserted[0]!.id);
}

/**
 * The visits a change of `existing` applies to: itself, and with 'following' every later planned
 * live visit of its series (400 when it has none).
 */
export async function targetsOf(
  db: Executor,
  existing: VisitRow,
  applyTo: 'one' | 'following',
): Promise<VisitRow[]> {
  if (applyTo === 'one') return [existing];
  if (existing.seriesId === null) throw refuse('applyTo', visitTexts.notInSeries);
  const later = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.seriesId, existing.seriesId),
        eq(table.status, 'planned'),
        isNull(table.deletedAt),
        gt(table.plannedStart, existing.plannedStart),
      ),
    )
    .orderBy(asc(table.plannedStart), asc(table.id));
  return [existing, ...later.filter((row) => row.id !== existing.id)];
}

/** The new task list of a visit: ids must be its own, once each (400 otherwise). */
async function checkTaskIds(
  db: Executor,
  visitId: number,
  tasks: { id?: number }[],
): Promise<void> {
  const own = new Set(
    (
      await db.select({ id: visitTasks.id }).from(visitTasks).where(eq(visitTasks.visitId, visitId))
    ).map((row) => row.id),
  );
  const seen = new Set<number>();
  for (const task of tasks) {
    if (task.id === undefined) continue;
    if (!own.has(task.id) || seen.has(task.id)) {
      throw refuse('tasks', visitTexts.taskOfAnotherVisit);
    }
    seen.add(task.id);
  }
}

/** Replaces a visit's task list: ids kept keep their mark, others go, new ones are pending. */
async function replaceTasks(
  tx: Tx,
  visitId: number,
  tasks: { id?: number; title: string }[],
  now: Date,
): Promise<void> {
  const kept = tasks.flatMap((task) => (task.id === undefined ? [] : [task.id]));
  await tx
    .delete(visitTasks)
    .where(
      and(
        eq(visitTasks.visitId, visitId),
        kept.length > 0 ? notInArray(visitTasks.id, kept) : undefined,
      ),
    );
  for (const [position, task] of tasks.entries()) {
    if (task.id === undefined) {
      await tx.insert(visitTasks).values({ visitId, position, title: task.title, updatedAt: now });
    } else {
      await tx
        .update(visitTasks)
        .set({ position, title: task.title, updatedAt: now })
        .where(and(eq(visitTasks.id, task.id), eq(visitTasks.visitId, visitId)));
    }
  }
}

/**
 * Changes a planned visit (or this and the following ones of its series): caregiver, times,
 * service and instructions; a visit in progress only its service, instructions and tasks.
 */
async function update(ctx: RequestContext, id: number, input: VisitUpdate) {
  const existing = await visitInScope(ctx, id);
  const span = spanOf(input);
  const caregiverId = input.caregiverId ?? null;
  const movesPeople =
    caregiverId !== existing.caregiverId ||
    span.start.getTime() !== existing.plannedStart.getTime() ||
    span.end.getTime() !== existing.plannedEnd.getTime();
  if (existing.status === 'in-progress') {
    if (movesPeople) throw conflict(visitTexts.startedVisitLocked);
  } else if (existing.status !== 'planned') {
    throw conflict(visitTexts.notPlanned);
  }
  const targets = await targetsOf(ctx.db, existing, input.applyTo);
  const { timeZone: zone } = await loadAgencySettings(ctx.db);
  const times = localTimesOf(span, zone);
  const placed = targets.map((row, index) => ({
    row,
    span: index === 0 ? span : atLocalTimes(row.plannedStart, times, zone),
  }));
  const caregiver =
    caregiverId !== null && placed.some(({ row }) => row.caregiverId !== caregiverId)
      ? await assignableCaregiver(ctx.db, existing.patientId, caregiverId)
      : caregiverId !== null
        ? { id: caregiverId, name: await caregiverName(ctx.db, caregiverId) }
        : null;
  if (input.tasks) await checkTaskIds(ctx.db, id, input.tasks);
  const patientName = await patientDisplayName(ctx.db, existing.patientId);
  const now = ctx.clock.now();

  const changed = await ctx.audit.change(
    async (tx) => {
      if (caregiver) await lockCaregiver(tx, caregiver.id);
      const rows: VisitRow[] = [];
      for (const { row, span: next } of placed) {
        const [updated] = await tx
          .update(table)
          .set({
            caregiverId,
            plannedStart: next.start,
            plannedEnd: next.end,
            serviceType: input.serviceType,
            instructions: input.instructions ?? '',
            updatedAt: now,
          })
          .where(and(eq(table.id, row.id), eq(table.status, row.status), isNull(table.deletedAt)))
          .returning();
        // Checked in, cancelled or deleted in the meantime: nothing changes.
        if (!updated) throw row.id === id ? conflict(visitTexts.notPlanned) : conflict();
        rows.push(updated);
      }
      if (caregiver) {
        await assertNoOverlap(
          tx,
          caregiver,
          rows.map((row) => ({ id: row.id, start: row.plannedStart, end: row.plannedEnd })),
          patientName,
          zone,
        );
      }
      if (input.tasks) await replaceTasks(tx, id, input.tasks, now);
      const notices = new Map<number, string>();
      const when = localDateTime(span.start, zone);
      const moved = placed.some(
        ({ row, span: next }) =>
          row.caregiverId !== caregiverId ||
          row.plannedStart.getTime() !== next.start.getTime() ||
          row.plannedEnd.getTime() !== next.end.getTime(),
      );
      if (moved) {
        for (const { row } of placed) {
          if (row.caregiverId !== null && row.caregiverId !== caregiverId) {
            notices.set(row.caregiverId, visitTexts.visitUnassignedNotice(patientName, when));
          }
        }
        if (caregiverId !== null) {
          notices.set(caregiverId, visitTexts.visitChangedNotice(patientName, when));
        }
      }
      await notifyCaregivers(ctx, tx, notices);
      return rows;
    },
    (rows) => visitEvents(ctx, 'update', rows),
  );
  return reads.answerFor(ctx, changed[0]!.id);
}

async function caregiverName(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.secondName}` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? '';
}

/** Cancels a planned visit (or this and the following planned ones of its series), with a reason. */
export async function cancelVisit(
  ctx: RequestContext,
  id: number,
  input: { reason: string; applyTo: 'one' | 'following' },
) {
  const existing = await visitInScope(ctx, id);
  if (existing.status !== 'planned') throw conflict(visitTexts.notPlanned);
  const targets = await targetsOf(ctx.db, existing, input.applyTo);
  const { timeZone: zone } = await loadAgencySettings(ctx.db);
  const patientName = await patientDisplayName(ctx.db, existing.patientId);
  const now = ctx.clock.now();
  await ctx.audit.change(
    async (tx) => {
      const rows = await tx
        .update(table)
        .set({ status: 'cancelled', cancelReason: input.reason, updatedAt: now })
        .where(
          and(
            inArray(
              table.id,
              targets.map((row) => row.id),
            ),
            eq(table.status, 'planned'),
            isNull(table.deletedAt),
          ),
        )
        .returning();
      if (!rows.some((row) => row.id === id)) throw conflict(visitTexts.notPlanned);
      const when = localDateTime(existing.plannedStart, zone);
      const notices = new Map<number, string>();
      for (const row of rows) {
        if (row.caregiverId !== null) {
          notices.set(row.caregiverId, visitTexts.visitCancelledNotice(patientName, when));
        }
      }
      await notifyCaregivers(ctx, tx, notices);
      return rows;
    },
    (rows) => visitEvents(ctx, 'update', rows),
  );
  return reads.answerFor(ctx, id);
}

const wasCheckedIn = (row: VisitRow) =>
  row.checkInAt !== null || row.status === 'in-progress' || row.status === 'completed';

/** Soft-deletes a visit entered in error; one that was checked in stays (409). */
async function remove(ctx: RequestContext, id: number): Promise<void> {
  const existing = await visitInScope(ctx, id);
  const refuseCheckedIn = async () => {
    await ctx.audit.record({
      action: 'delete',
      entity: 'visit',
      entityId: id,
      patientId: existing.patientId,
      outcome: 'failure',
    });
    throw conflict(visitTexts.checkedInCannotDelete);
  };
  if (wasCheckedIn(existing)) return refuseCheckedIn();
  try {
    await records.remove(ctx, id, {
      after: async (_tx, deleted) => {
        // Checked in between the read above and the delete: the delete is undone.
        if (wasCheckedIn(deleted)) throw conflict(visitTexts.checkedInCannotDelete);
      },
    });
  } catch (error) {
    if (error instanceof HttpError && error.message === visitTexts.checkedInCannotDelete) {
      return refuseCheckedIn();
    }
    throw error;
  }
}

/** Restores a deleted visit (admins); 409 when its caregiver has been booked in its time since. */
async function restore(ctx: RequestContext, id: number) {
  const { timeZone: zone } = await loadAgencySettings(ctx.db);
  try {
    return await restoreChecked(ctx, id, zone);
  } catch (error) {
    if (!(error instanceof HttpError && error.extra?.code === 'overlap')) throw error;
    // Refused like a restore of a record not deleted: one 'failure' row, nothing restored.
    await ctx.audit.record({
      action: 'restore',
      entity: 'visit',
      entityId: id,
      patientId: await reads.patientOfRecord(ctx.db, id),
      outcome: 'failure',
    });
    throw error;
  }
}

function restoreChecked(ctx: RequestContext, id: number, zone: string) {
  return records.restore(ctx, id, {
    after: async (tx, restored) => {
      if (restored.caregiverId === null || freeStatuses.includes(restored.status as VisitStatus)) {
        return;
      }
      await lockCaregiver(tx, restored.caregiverId);
      await assertNoOverlap(
        tx,
        { id: restored.caregiverId, name: await caregiverName(tx, restored.caregiverId) },
        [{ id: restored.id, start: restored.plannedStart, end: restored.plannedEnd }],
        await patientDisplayName(tx, restored.patientId),
        zone,
      );
    },
  });
}

export const visitsService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,
  create,
  update,
  remove,
  restore,
};

/** Served by clinical-common/record-routes.ts under /api/visits. */
export const visitsFeature = defineRecordFeature({
  input: visitInputSchema,
  updateInput: visitUpdateSchema,
  service: visitsService,
  kind: records.kind,
  writeConflict: {
    schema: visitConflictSchema.describe(
      'The caregiver is booked on another visit at that time (overlap)',
    ),
    description:
      'A caregiver is never booked on two overlapping visits: planning or moving a visit (or ' +
      "any occurrence of a series) onto another live visit of the caregiver answers 409 with code 'overlap', " +
      'the visitId of the clashing visit and a message naming the caregiver, the patient and the ' +
      'time. A change of a visit that is not planned answers 409 with a message. Nothing is ' +
      'written on a refusal.',
  },
  removeConflict:
    'A visit that was checked in cannot be deleted (409): its times are corrected instead.',
});
