import { and, eq, isNull, sql } from 'drizzle-orm';
import { localParts } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import type {
  CheckIn,
  CheckOut,
  ServiceType,
  VisitCorrectionInput,
  VisitLocation,
} from '../../../shared/schemas/visits.ts';
import { checkInOpensAt } from '../../../shared/visit-rules.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { visitCorrections, visits as table } from '../../db/schema/index.ts';
import { conflict, type HttpError } from '../../lib/http-error.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { fileProgressReportWithin } from '../clinical-common/progress-report-filing.ts';
import { reads, refuse, visitEvents, visitInScope, type VisitRow } from './visits.service.ts';

/*
 * The caregiver's side of a visit: check-in and check-out of one's own visits, with the time
 * (the server's clock, or the time recorded on a phone that was offline: ctx.eventTime) and,
 * when the browser shared it, the position; and the supervisor's correction of those times,
 * which keeps what it replaces. Each is one conditional update, so two check-ins sent together
 * (a double tap, a retried request) give one success and one 409.
 */

const timeOf = (at: Date | null, zone: string): string => (at ? localParts(at, zone).time : '');

/** The columns of a check-in or check-out position. */
const positionOf = (location: VisitLocation) => ({
  location: location.status,
  latitude: location.status === 'shared' ? (location.latitude ?? null) : null,
  longitude: location.status === 'shared' ? (location.longitude ?? null) : null,
  accuracy: location.status === 'shared' ? (location.accuracy ?? null) : null,
});

/** A visit in scope that must be the caller's own: 403 (audited) another's. */
async function own<V extends VisitRow>(ctx: RequestContext, visit: V): Promise<V> {
  if (visit.caregiverId !== ctx.user.id) {
    return ctx.forbidden(
      { entity: 'visit', entityId: visit.id, patientId: visit.patientId },
      visitTexts.notYourVisit,
    );
  }
  return visit;
}

/**
 * Why a visit cannot be checked in at `now`, or null when it can. `from` the statuses a check-in
 * may start from: planned, and also missed for a check-in recorded offline in time (the sweep
 * marked the visit missed at its end while the phone had no connection; the caregiver was there).
 */
function checkInRefusal(
  visit: VisitRow,
  now: Date,
  zone: string,
  from: readonly string[] = ['planned'],
): HttpError | null {
  if (visit.status === 'in-progress' || visit.status === 'completed') {
    return conflict(visitTexts.alreadyCheckedIn(timeOf(visit.checkInAt, zone)));
  }
  if (!from.includes(visit.status)) return conflict(visitTexts.checkInClosed);
  const opens = checkInOpensAt(visit.plannedStart);
  if (now.getTime() < opens.getTime()) {
    return conflict(visitTexts.checkInTooEarly(timeOf(opens, zone)));
  }
  if (now.getTime() >= visit.plannedEnd.getTime()) return conflict(visitTexts.checkInClosed);
  return null;
}

/** Why a visit cannot be checked out, or null when it can. */
function checkOutRefusal(visit: VisitRow, zone: string): HttpError | null {
  if (visit.status === 'completed') {
    return conflict(visitTexts.alreadyCheckedOut(timeOf(visit.checkOutAt, zone)));
  }
  if (visit.status === 'cancelled') return conflict(visitTexts.checkInClosed);
  if (visit.status !== 'in-progress') return conflict(visitTexts.checkInFirst);
  return null;
}

/**
 * What a check-in or check-out answers from its update: the audit row's ids, and the service
 * and start its progress report is worded with. The updates are written as statements of their
 * own (not built by the query builder for each request: a check-out's CPU was two-fifths the
 * builder's), so their values are sent as text with their types.
 */
interface CheckedVisit {
  id: number;
  patientId: number;
  caregiverId: number | null;
  serviceType: string;
  /** When the visit began: its check-in, or its planned start. */
  startMs: number;
}

const checkedColumns = sql.raw(`id, patient_id as "patientId", caregiver_id as "caregiverId",
  service_type as "serviceType",
  floor(extract(epoch from coalesce(check_in_at, planned_start)) * 1000)::float8 as "startMs"`);

/** The visit as stored now (after a conditional update found it changed). */
async function current(tx: Tx, id: number): Promise<VisitRow | undefined> {
  const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/**
 * The refusal `refusalIn(zone)` gives, in the agency's zone: whether there is one does not depend
 * on the zone (only its wording does), so the agency's settings are read only to word one.
 */
async function refusalOf(
  db: Executor,
  refusalIn: (zone: string) => HttpError | null,
): Promise<HttpError | null> {
  if (!refusalIn('UTC')) return null;
  return refusalIn((await loadAgencySettings(db)).timeZone);
}

/** Checks the caller in to their own planned visit, from an hour before its start to its end. */
export async function checkIn(ctx: RequestContext, id: number, input: CheckIn) {
  const visit = await own(ctx, await visitInScope(ctx, id));
  const now = ctx.clock.now();
  // When the caregiver checked in: now, or the time recorded on a phone that was offline (the
  // opening rules apply to that time, so a check-in made on time and sent late is accepted).
  const at = ctx.eventTime();
  const from = ctx.offline?.recordedAt ? ['planned', 'missed'] : ['planned'];
  const refusal = await refusalOf(ctx.db, (zone) => checkInRefusal(visit, at, zone, from));
  if (refusal) throw refusal;
  const position = positionOf(input.location);
  await ctx.audit.change(
    async (tx) => {
      const [row] = await rowsOf<CheckedVisit>(
        tx,
        sql`update visits set status = 'in-progress', check_in_at = ${at.toISOString()}::timestamptz,
            check_in_location = ${position.location}, check_in_latitude = ${position.latitude},
            check_in_longitude = ${position.longitude}, check_in_accuracy = ${position.accuracy},
            updated_at = ${now.toISOString()}::timestamptz
          where id = ${id} and status in (${sql.raw(from.map((status) => `'${status}'`).join(', '))})
            and caregiver_id = ${ctx.user.id} and deleted_at is null
          returning ${checkedColumns}`,
      );
      if (!row) {
        // Another request checked in (or the visit changed) first: its answer, nothing changed.
        const now2 = await current(tx, id);
        const late = now2 && (await refusalOf(tx, (zone) => checkInRefusal(now2, at, zone, from)));
        throw late ?? conflict(visitTexts.checkInClosed);
      }
      return row;
    },
    (row) => visitEvents(ctx, 'update', [row]),
  );
  return reads.answerFor(ctx, id);
}

/** The progress report's summary of a check-out, in the product's words. */
function reportSummary(
  visit: CheckedVisit,
  checkOutAt: Date,
  tasks: { title: string; status: 'done' | 'not-done'; reason: string }[],
  note: string,
  zone: string,
): string {
  const service = visitTexts.serviceTypeLabels[visit.serviceType as ServiceType];
  const start = new Date(visit.startMs);
  const lines = [
    visitTexts.reportSummary(
      service ?? visit.serviceType,
      localParts(start, zone).date,
      visitTexts.timeRange(timeOf(start, zone), timeOf(checkOutAt, zone)),
    ),
  ];
  const done = tasks.filter((task) => task.status === 'done').map((task) => task.title);
  const notDone = tasks
    .filter((task) => task.status === 'not-done')
    .map((task) => `${task.title} (${task.reason})`);
  if (done.length > 0) lines.push(visitTexts.reportTasksDone(done.join(', ')));
  if (notDone.length > 0) lines.push(visitTexts.reportTasksNotDone(notDone.join('; ')));
  if (note) lines.push(note);
  return lines.join('\n');
}

/**
 * Checks the caller out of their own visit in progress: every task's outcome once, a note, and,
 * when asked, a progress report filed from them in the same transaction.
 */
export async function checkOut(ctx: RequestContext, id: number, input: CheckOut) {
  // 404 outside the scope, 403 another's; the visit read with its tasks.
  const visit = await own(ctx, await visitInScope(ctx, id, true));
  const refusal = await refusalOf(ctx.db, (zone) => checkOutRefusal(visit, zone));
  if (refusal) throw refusal;
  const { tasks } = visit;
  const titles = new Map(tasks.map((task) => [task.id, task.title]));
  const outcomes = new Map<number, { status: 'done' | 'not-done'; reason: string }>();
  for (const task of input.tasks) {
    if (!titles.has(task.id)) throw refuse('tasks', visitTexts.taskOfAnotherVisit);
    if (outcomes.has(task.id)) throw refuse('tasks', visitTexts.taskOutcomesRequired);
    outcomes.set(task.id, {
      status: task.status,
      reason: task.status === 'not-done' ? (task.reason ?? '').trim() : '',
    });
  }
  if (outcomes.size !== titles.size) throw refuse('tasks', visitTexts.taskOutcomesRequired);
  const now = ctx.clock.now();
  // When the caregiver checked out: now, or the time recorded on a phone that was offline; never
  // before the check-in (a phone clock behind the server's).
  const recorded = ctx.eventTime();
  const at =
    visit.checkInAt && recorded.getTime() < visit.checkInAt.getTime() ? visit.checkInAt : recorded;
  const note = (input.note ?? '').trim();
  const position = positionOf(input.location);
  await ctx.audit.change(
    async (tx) => {
      const [row] = await rowsOf<CheckedVisit>(
        tx,
        sql`update visits set status = 'completed', check_out_at = ${at.toISOString()}::timestamptz,
            check_out_location = ${position.location}, check_out_latitude = ${position.latitude},
            check_out_longitude = ${position.longitude}, check_out_accuracy = ${position.accuracy},
            note = ${note}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${id} and status = 'in-progress' and caregiver_id = ${ctx.user.id}
            and deleted_at is null
          returning ${checkedColumns}`,
      );
      if (!row) {
        const now2 = await current(tx, id);
        const late = now2 && (await refusalOf(tx, (zone) => checkOutRefusal(now2, zone)));
        throw late ?? conflict(visitTexts.checkInFirst);
      }
      // Every task's outcome in one statement (one update per task was a round trip each).
      if (outcomes.size > 0) {
        const list = [...outcomes].map(([taskId, outcome]) => ({ id: taskId, ...outcome }));
        await rowsOf(
          tx,
          sql`update visit_tasks t set status = o.status, reason = o.reason,
              updated_at = ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as o(id int, status text, reason text)
            where t.id = o.id and t.visit_id = ${id}`,
        );
      }
      if (input.createReport) {
        const { timeZone: zone } = await loadAgencySettings(tx);
        const reportTasks = tasks.map((task) => ({ title: task.title, ...outcomes.get(task.id)! }));
        const reportId = await fileProgressReportWithin(ctx, tx, {
          patientId: row.patientId,
          caregiverId: ctx.user.id,
          date: at,
          summary: reportSummary(row, at, reportTasks, note, zone),
          recommendations: visitTexts.reportRecommendations,
        });
        await tx.update(table).set({ progressReportId: reportId }).where(eq(table.id, id));
      }
      return row;
    },
    (row) => visitEvents(ctx, 'update', [row]),
  );
  return reads.answerFor(ctx, id);
}

/**
 * A supervisor's correction of a visit's check-in and check-out (timesheets): the values it
 * replaces are kept with the reason and who corrected them. A missed visit given both times is
 * completed; given a check-in only, in progress.
 */
export async function correctTimes(ctx: RequestContext, id: number, input: VisitCorrectionInput) {
  const visit = await visitInScope(ctx, id);
  if (visit.status === 'cancelled') throw conflict(visitTexts.correctionCancelled);
  const now = ctx.clock.now();
  const checkInAt = input.checkInAt ? parseClinicalInstant(input.checkInAt) : null;
  const checkOutAt = input.checkOutAt ? parseClinicalInstant(input.checkOutAt) : null;
  if (checkInAt && checkInAt.getTime() > now.getTime()) {
    throw refuse('checkInAt', visitTexts.correctionInFuture);
  }
  if (checkOutAt && checkOutAt.getTime() > now.getTime()) {
    throw refuse('checkOutAt', visitTexts.correctionInFuture);
  }
  await ctx.audit.change(
    async (tx) => {
      const [locked] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .for('update');
      if (!locked) throw conflict();
      if (locked.status === 'cancelled') throw conflict(visitTexts.correctionCancelled);
      const newIn = checkInAt ?? locked.checkInAt;
      const newOut = checkOutAt ?? locked.checkOutAt;
      if (!newIn) throw refuse('checkInAt', visitTexts.checkInFirst);
      if (newOut && newOut.getTime() <= newIn.getTime()) {
        throw refuse('checkOutAt', visitTexts.checkOutBeforeCheckIn);
      }
      await tx.insert(visitCorrections).values({
        visitId: id,
        previousCheckInAt: locked.checkInAt,
        previousCheckOutAt: locked.checkOutAt,
        previousStatus: locked.status,
        checkInAt: newIn,
        checkOutAt: newOut,
        reason: input.reason,
        correctedBy: ctx.user.id,
        correctedAt: now,
      });
      const [row] = await tx
        .update(table)
        .set({
          checkInAt: newIn,
          checkOutAt: newOut,
          status: newOut ? 'completed' : 'in-progress',
          updatedAt: now,
        })
        .where(eq(table.id, id))
        .returning();
      return row!;
    },
    (row) => visitEvents(ctx, 'update', [row]),
  );
  return reads.answerFor(ctx, id);
}
