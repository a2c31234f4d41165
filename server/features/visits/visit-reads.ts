import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays, localParts } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import type {
  LocationStatus,
  MyVisits,
  PatientVisits,
  RotaDay,
  RotaWeek,
  ServiceType,
  TaskStatus,
  VisitCorrection,
  VisitStatus,
  VisitSummary,
} from '../../../shared/schemas/visits.ts';
import { ROTA_PAGE_SIZE } from '../../../shared/constants.ts';
import {
  checkInOpensAt,
  daysBetween,
  isLate,
  localDateRange,
  weekOf,
} from '../../../shared/visit-rules.ts';
import type { RequestContext } from '../../auth/context.ts';
import { joinedPatientInScope, joinedPatientInScopeByRow } from '../../auth/scope.ts';
import { patients, visits } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/http-error.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { epochMs, isoText, userNameOf } from '../clinical-common/clinical-records.ts';

/*
 * The reads of caregiver visits: the caregiver's day, the rota's week and day, and one
 * patient's visits. Each is a bounded number of statements whatever the number of caregivers
 * and visits: the agency's settings, then one statement of visits with their patient, names,
 * task counts (and, for the caregiver's day, tasks and corrections as JSON) and rota conflicts
 * computed beside each row, then the audit rows.
 */

const MINUTE = 60_000;
/** The longest a visit lasts: an overlap with a visit starting this long before is impossible. */
const MAX_VISIT_MS = 24 * 60 * MINUTE;

const iso = (at: Date) => at.toISOString();

/** A visit's tasks in order, as one JSON array beside it. */
export const tasksOf = sql<
  { id: number; position: number; title: string; status: TaskStatus; reason: string }[]
>`coalesce((select json_agg(json_build_object(
  'id', t.id, 'position', t.position, 'title', t.title, 'status', t.status, 'reason', t.reason
) order by t.position, t.id) from visit_tasks t where t.visit_id = ${visits.id}), '[]'::json)`;

/** A visit's corrections, oldest first, as one JSON array beside it. */
export const correctionsOf = sql<VisitCorrection[]>`coalesce((select json_agg(json_build_object(
  'previousCheckInAt', ${isoText(sql.raw('c.previous_check_in_at'))},
  'previousCheckOutAt', ${isoText(sql.raw('c.previous_check_out_at'))},
  'previousStatus', c.previous_status,
  'checkInAt', ${isoText(sql.raw('c.check_in_at'))},
  'checkOutAt', ${isoText(sql.raw('c.check_out_at'))},
  'reason', c.reason,
  'correctedByName', ${userNameOf(sql.raw('c.corrected_by'))},
  'correctedAt', ${isoText(sql.raw('c.corrected_at'))}
) order by c.corrected_at, c.id) from visit_corrections c where c.visit_id = ${visits.id}), '[]'::json)`;

/** The columns of a visit as the rota, the day and the patient's list show it. */
export const summaryColumns = {
  id: visits.id,
  patientId: visits.patientId,
  patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
  caregiverId: visits.caregiverId,
  caregiverName: userNameOf(visits.caregiverId),
  seriesId: visits.seriesId,
  plannedStart: isoText(visits.plannedStart),
  plannedEnd: isoText(visits.plannedEnd),
  serviceType: visits.serviceType,
  status: visits.status,
  checkInAt: sql<string | null>`${isoText(visits.checkInAt)}`,
  checkOutAt: sql<string | null>`${isoText(visits.checkOutAt)}`,
  cancelReason: visits.cancelReason,
  taskCount: sql<number>`(select count(*)::int from visit_tasks t where t.visit_id = ${visits.id})`,
  tasksDone: sql<number>`(select count(*)::int from visit_tasks t where t.visit_id = ${visits.id} and t.status = 'done')`,
};

/**
 * The same columns as `summaryColumns` for the rota's week and day, which read thousands of
 * visits: the caregiver (`cu`) and the task counts (`tc`) are joined once per row instead of
 * looked up by three subqueries, and the rows come back as the driver builds them (named by
 * these aliases) rather than mapped column by column by the query builder.
 */
const rotaSummarySelect = sql`"visits"."id" as "id",
  "visits"."patient_id" as "patientId",
  "patients"."first_name" || ' ' || "patients"."last_name" as "patientName",
  "visits"."caregiver_id" as "caregiverId",
  coalesce(cu.first_name || ' ' || cu.second_name, '') as "caregiverName",
  "visits"."series_id" as "seriesId",
  ${isoText(visits.plannedStart)} as "plannedStart",
  ${isoText(visits.plannedEnd)} as "plannedEnd",
  "visits"."service_type" as "serviceType",
  "visits"."status" as "status",
  ${isoText(visits.checkInAt)} as "checkInAt",
  ${isoText(visits.checkOutAt)} as "checkOutAt",
  "visits"."cancel_reason" as "cancelReason",
  tc.task_count as "taskCount",
  tc.tasks_done as "tasksDone"`;

/**
 * The tables of `rotaSummarySelect` after the visits: the visit's patient, its caregiver, its
 * tasks. Patient and caregiver are looked up row by row (a lateral subquery fenced with
 * `offset 0` stays a lookup by primary key): joined, PostgreSQL hashes every patient of the
 * agency and walks the users' primary key for a page of visits, which grew with the agency
 * (20,000 patients: a 20,000-row hash on every request for 1,500 visits).
 */
const rotaSummaryJoins = sql.raw(`
  inner join lateral (
    select p.id, p.first_name, p.last_name, p.account_user_id, p.deleted_at
    from patients p where p.id = "visits"."patient_id" offset 0
  ) "patients" on true
  left join lateral (
    select u.first_name, u.second_name, u.is_active from users u where u.id = "visits"."caregiver_id" offset 0
  ) cu on true
  left join lateral (
    select count(*)::int as task_count, (count(*) filter (where t.status = 'done'))::int as tasks_done
    from visit_tasks t where t.visit_id = "visits"."id"
  ) tc on true`);

interface SummaryRow {
  id: number;
  patientId: number;
  patientName: string;
  caregiverId: number | null;
  caregiverName: string;
  seriesId: number | null;
  plannedStart: string;
  plannedEnd: string;
  serviceType: string;
  status: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  cancelReason: string | null;
  taskCount: number;
  tasksDone: number;
}

/** Where a check-in and check-out were made, as a raw statement's row carries them. */
export interface VisitLocations {
  checkInLocation: string | null;
  checkInLatitude: number | null;
  checkInLongitude: number | null;
  checkInAccuracy: number | null;
  checkOutLocation: string | null;
  checkOutLatitude: number | null;
  checkOutLongitude: number | null;
  checkOutAccuracy: number | null;
}

/** A row of the caregiver's day (`listMyVisits`): a summary's columns but the task counts, and more. */
interface MyVisitRow extends Omit<SummaryRow, 'taskCount' | 'tasksDone'>, VisitLocations {
  patientAddress: string;
  patientPhone: string;
  createdAt: string;
  updatedAt: string;
  instructions: string;
  note: string;
  progressReportId: number | null;
  recordedBy: number;
  recordedByName: string;
  tasks: { id: number; position: number; title: string; status: TaskStatus; reason: string }[];
  corrections: VisitCorrection[];
}

/** Whether a visit is late now (planned, not checked in, past its start plus the setting). */
const lateOf = (
  row: { status: string; plannedStart: string; checkInAt: string | null },
  lateAfterMinutes: number,
  now: Date,
) =>
  isLate(
    {
      status: row.status as VisitStatus,
      plannedStart: new Date(row.plannedStart),
      checkInAt: row.checkInAt ? new Date(row.checkInAt) : null,
    },
    lateAfterMinutes,
    now,
  );

/**
 * `localParts` of ISO instants in one zone, remembered for one answer: a week of 1,500 visits
 * has a few dozen distinct start and end times.
 */
export function localPartsOf(zone: string): (iso: string) => ReturnType<typeof localParts> {
  const seen = new Map<string, ReturnType<typeof localParts>>();
  return (iso) => {
    let parts = seen.get(iso);
    if (!parts) {
      parts = localParts(new Date(iso), zone);
      seen.set(iso, parts);
    }
    return parts;
  };
}

export function toSummary(
  row: SummaryRow,
  zone: string,
  lateAfterMinutes: number,
  now: Date,
  partsOf: (iso: string) => ReturnType<typeof localParts> = localPartsOf(zone),
): VisitSummary {
  const start = partsOf(row.plannedStart);
  const end = partsOf(row.plannedEnd);
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    caregiverId: row.caregiverId,
    caregiverName: row.caregiverName,
    seriesId: row.seriesId,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    localDate: start.date,
    startTime: start.time,
    endTime: end.time,
    serviceType: row.serviceType as ServiceType,
    status: row.status as VisitStatus,
    late: lateOf(row, lateAfterMinutes, now),
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    cancelReason: row.cancelReason,
    taskCount: row.taskCount,
    tasksDone: row.tasksDone,
  };
}

/** The live visits of live patients in the caller's scope overlapping [from, to). */
const liveInScope = (ctx: RequestContext, from: Date, to: Date): SQL =>
  and(
    isNull(visits.deletedAt),
    isNull(patients.deletedAt),
    joinedPatientInScope(ctx.user),
    // visits_start_idx: a visit lasts at most a day.
    gt(visits.plannedStart, new Date(from.getTime() - MAX_VISIT_MS)),
    lt(visits.plannedStart, to),
    gt(visits.plannedEnd, from),
  )!;

/** One 'list' row per patient whose visits were read; one without a patient when none were. */
export function auditVisitList(
  ctx: RequestContext,
  patientIds: Iterable<number>,
  entity = 'visit',
): Promise<void> {
  const ids = [...new Set(patientIds)].sort((a, b) => a - b);
  return ctx.audit.read(
    ids.length === 0
      ? { action: 'list', entity, patientId: null }
      : ids.map((patientId) => ({ action: 'list' as const, entity, patientId })),
  );
}

/** A 'YYYY-MM-DD' date given, or today in the agency's zone. */
const dayOr = (date: string | undefined, now: Date, zone: string) =>
  date ?? localParts(now, zone).date;

// ---------------------------------------------------------------------------------------------
// GET /api/visits/mine
// ---------------------------------------------------------------------------------------------

/**
 * The caller's visits of a local day (today by default), by start: each as a whole visit with
 * its tasks and corrections, the patient's address and phone, whether it is late, its local
 * date and times, and when check-in opens. Cancelled visits are included (their status says
 * so). Three statements: the settings, the visits, the audit rows.
 */
export async function listMyVisits(
  ctx: RequestContext,
  query: { date?: string } = {},
): Promise<MyVisits> {
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const date = dayOr(query.date, now, zone);
  const day = localDateRange(date, date, zone);
  // The day's few visits from visits_caregiver_idx, each finding its patient and caregiver by
  // primary key (lateral lookups fenced with `offset 0`) and its scope by a probe of the care
  // team: joined, PostgreSQL expected dozens of visits and read every patient of the agency to
  // match them (1,000 patients: 0.6 of the statement's 0.9 ms).
  const rows = await rowsOf<MyVisitRow>(
    ctx.db,
    sql`select "visits"."id" as "id",
      "visits"."patient_id" as "patientId",
      "patients"."first_name" || ' ' || "patients"."last_name" as "patientName",
      "patients"."address" as "patientAddress",
      "patients"."phone_number" as "patientPhone",
      ${isoText(visits.createdAt)} as "createdAt",
      ${isoText(visits.updatedAt)} as "updatedAt",
      "visits"."caregiver_id" as "caregiverId",
      coalesce(cu.first_name || ' ' || cu.second_name, '') as "caregiverName",
      "visits"."series_id" as "seriesId",
      ${isoText(visits.plannedStart)} as "plannedStart",
      ${isoText(visits.plannedEnd)} as "plannedEnd",
      "visits"."service_type" as "serviceType",
      "visits"."status" as "status",
      "visits"."cancel_reason" as "cancelReason",
      "visits"."instructions" as "instructions",
      ${isoText(visits.checkInAt)} as "checkInAt",
      "visits"."check_in_location" as "checkInLocation",
      "visits"."check_in_latitude" as "checkInLatitude",
      "visits"."check_in_longitude" as "checkInLongitude",
      "visits"."check_in_accuracy" as "checkInAccuracy",
      ${isoText(visits.checkOutAt)} as "checkOutAt",
      "visits"."check_out_location" as "checkOutLocation",
      "visits"."check_out_latitude" as "checkOutLatitude",
      "visits"."check_out_longitude" as "checkOutLongitude",
      "visits"."check_out_accuracy" as "checkOutAccuracy",
      "visits"."note" as "note",
      "visits"."progress_report_id" as "progressReportId",
      "visits"."recorded_by" as "recordedBy",
      ${userNameOf(visits.recordedBy)} as "recordedByName",
      ${tasksOf} as "tasks",
      ${correctionsOf} as "corrections"
    from ${visits}
    inner join lateral (
      select p.id, p.first_name, p.last_name, p.address, p.phone_number, p.account_user_id,
        p.deleted_at
      from patients p where p.id = "visits"."patient_id" offset 0
    ) "patients" on true
    left join lateral (
      select u.first_name, u.second_name from users u where u.id = "visits"."caregiver_id" offset 0
    ) cu on true
    where ${and(
      // visits_caregiver_idx: the caller's visits starting that day.
      eq(visits.caregiverId, ctx.user.id),
      gte(visits.plannedStart, day.start),
      lt(visits.plannedStart, day.end),
      isNull(visits.deletedAt),
      isNull(patients.deletedAt),
      joinedPatientInScopeByRow(ctx.user, visits.patientId),
    )}
    order by ${visits.plannedStart} asc, ${visits.id} asc`,
  );

  const late = settings.visitLateAfterMinutes;
  const answer: MyVisits = {
    date,
    timeZone: zone,
    now: iso(now),
    visits: rows.map((row) => {
      const start = localParts(new Date(row.plannedStart), zone);
      const end = localParts(new Date(row.plannedEnd), zone);
      return {
        ...row,
        serviceType: row.serviceType as ServiceType,
        status: row.status as VisitStatus,
        checkInLocation: row.checkInLocation as LocationStatus | null,
        checkOutLocation: row.checkOutLocation as LocationStatus | null,
        late: lateOf(row, late, now),
        localDate: start.date,
        startTime: start.time,
        endTime: end.time,
        checkInOpensAt: iso(checkInOpensAt(new Date(row.plannedStart))),
      };
    }),
  };
  await auditVisitList(
    ctx,
    rows.map((row) => row.patientId),
  );
  return answer;
}

// ---------------------------------------------------------------------------------------------
// GET /api/rota
// ---------------------------------------------------------------------------------------------

/**
 * "and the user in `column` is one the caller's rota lists": anyone for a supervisor; for a
 * doctor, someone on the care team of one of the doctor's live patients.
 */
const listedBy = (ctx: RequestContext, column: string): SQL =>
  can(ctx.user, 'patients:read-all')
    ? sql``
    : sql`and ${sql.raw(column)} in (select c.user_id from care_team_members c where c.patient_id in (select ctm.patient_id from care_team_members ctm join patients p on p.id = ctm.patient_id where ctm.user_id = ${ctx.user.id} and p.deleted_at is null))`;

/**
 * A page of the caregivers a rota lists: every caregiver of the agency for a supervisor; for a
 * doctor, the caregivers on the care teams of the doctor's live patients. One statement: how
 * many are active and which are not (one pass over the role's rows), and the page's active ones
 * by name (users_role_name_idx walks them in order and stops after the page).
 */
async function rotaCaregivers(ctx: RequestContext, page: number) {
  const mine = (column: string) => listedBy(ctx, column);
  const rows = await rowsOf<{
    id: number | null;
    name: string | null;
    total: number;
    inactive: number[];
  }>(
    ctx.db,
    sql`with everyone as (
        select count(*) filter (where u.is_active)::int as total,
          coalesce(array_agg(u.id) filter (where not u.is_active), '{}') as inactive
        from users u where u.role = 'caregiver' ${mine('u.id')}
      )
      select c.id, c.name, everyone.total, everyone.inactive from everyone left join lateral (
        select u.id, u.first_name || ' ' || u.second_name as name, u.first_name, u.second_name
        from users u where u.role = 'caregiver' and u.is_active ${mine('u.id')}
        order by u.first_name, u.second_name, u.id
        limit ${ROTA_PAGE_SIZE} offset ${(page - 1) * ROTA_PAGE_SIZE}
      ) c on true
      order by c.first_name, c.second_name, c.id`,
  );
  return {
    total: rows[0]?.total ?? 0,
    active: rows.filter((row) => row.id !== null).map((c) => ({ id: c.id!, name: c.name! })),
    inactive: page === 1 ? (rows[0]?.inactive ?? []) : [],
  };
}

interface RotaPage {
  /** The page's active caregivers (the rows), by name. */
  caregivers: { id: number; name: string }[];
  /**
   * The visits the page holds that may overlap [from, to): a FROM item named "visits" (with
   * `liveInScope` still to apply).
   */
  visitsFrom(from: Date, to: Date): SQL;
  page: number;
  pageCount: number;
  caregiverTotal: number;
}

/**
 * A page of ROTA_PAGE_SIZE active caregivers and its visits. Page 1 also holds the unassigned
 * visits and those of caregivers on no page: deactivated ones, and (for a doctor) caregivers
 * off every care team the doctor sees. For the agency's rota each caregiver's visits are read
 * from visits_caregiver_idx, one caregiver after the other (a lateral subquery), so a page costs
 * the same however many caregivers and visits the agency has: given the ids as a list,
 * PostgreSQL preferred walking the whole agency's week by start (60,000 visits read for 1,500
 * kept, 2,000 caregivers). A doctor's visits are read patient after patient of the doctor's
 * care teams (visits_patient_idx), then kept by caregiver.
 */
async function rotaPageOf(ctx: RequestContext, page: number): Promise<RotaPage> {
  const { total, active, inactive } = await rotaCaregivers(ctx, page);
  const ids = active.map((c) => c.id);
  const range = (column: string, from: Date, to: Date) =>
    sql`${sql.raw(column)} > ${new Date(from.getTime() - MAX_VISIT_MS).toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;
  const visitsFrom = can(ctx.user, 'patients:read-all')
    ? (from: Date, to: Date) =>
        sql`(select v.* from unnest(${sql.param([...ids, ...inactive])}::int[]) as pc(id)
          cross join lateral (select * from visits w where w.caregiver_id = pc.id and ${range('w.planned_start', from, to)} offset 0) v
          ${page === 1 ? sql`union all select * from visits w where w.caregiver_id is null and ${range('w.planned_start', from, to)}` : sql``}
        ) "visits"`
    : (from: Date, to: Date) => {
        let visitsOf: SQL = ids.length > 0 ? inArray(visits.caregiverId, ids) : sql`false`;
        if (page === 1) {
          // Visits of caregivers on no page: inactive ones, and those off the doctor's teams.
          const elsewhere = sql`not exists (select 1 from users u where u.id = ${visits.caregiverId} and u.role = 'caregiver' and u.is_active ${listedBy(ctx, 'u.id')})`;
          visitsOf = or(visitsOf, isNull(visits.caregiverId), elsewhere)!;
        }
        // The doctor's patients' visits, patient after patient (visits_patient_idx): filtered
        // from the agency's week, a doctor read every visit of the week (60,000 at 1M).
        return sql`(select "visits".* from care_team_members ctm
          cross join lateral (select * from visits where visits.patient_id = ctm.patient_id and ${range('visits.planned_start', from, to)} offset 0) "visits"
          where ctm.user_id = ${ctx.user.id} and ${visitsOf}) "visits"`;
      };
  return {
    caregivers: active,
    visitsFrom,
    page,
    pageCount: Math.max(1, Math.ceil(total / ROTA_PAGE_SIZE)),
    caregiverTotal: total,
  };
}

/** Statuses a conflict is reported on: the visits still to happen or happening. */
const openStatuses = new Set(['planned', 'in-progress']);

/** A visit as `overlapsOf` compares it: its caregiver, status and planned times. */
interface PlannedVisit {
  id: number;
  caregiverId: number | null;
  status: string;
  plannedStart: string;
  plannedEnd: string;
}

/** A caregiver's visit that an open one may clash with, its times as epoch milliseconds. */
interface NearVisit {
  id: number;
  caregiverId: number;
  startMs: number;
  endMs: number;
}

/**
 * For each open visit (planned or in progress) with a caregiver, the start (ISO) of the earliest
 * other live, uncancelled visit of the same caregiver, of any patient, sharing a moment with it;
 * visits without one are absent. Searched by PostgreSQL visit by visit, this was 7 of the 17 ms
 * of a week of 1,500 visits; here the overlaps are found among the caregivers' visits in order
 * of start. For the agency's rota those are the page's own rows (every visit of its caregivers
 * in the span), and only an open visit across an edge of the span needs the visits just outside
 * it; for a doctor, whose rows are the doctor's patients' only, every visit of the caregivers
 * around the open ones is read. Either read is one statement (visits_caregiver_idx, one range
 * after the other), none when no visit needs it.
 */
async function overlapsOf(
  ctx: RequestContext,
  rows: PlannedVisit[],
  span: { start: Date; end: Date },
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  // The visits that can clash, each parsed once: the open ones among them are searched.
  const live: (NearVisit & { open: boolean })[] = [];
  for (const row of rows) {
    if (row.caregiverId === null || row.status === 'cancelled') continue;
    live.push({
      id: row.id,
      caregiverId: row.caregiverId,
      startMs: Date.parse(row.plannedStart),
      endMs: Date.parse(row.plannedEnd),
      open: openStatuses.has(row.status),
    });
  }
  const open = live.filter((visit) => visit.open);
  if (open.length === 0) return found;
  const everyone = can(ctx.user, 'patients:read-all');
  const near: NearVisit[] = everyone ? live : [];
  // The ranges of starts to read, by caregiver: a visit lasts at most a day, so one sharing a
  // moment with an open visit starts less than a day before it and before its end.
  const ranges = new Map<number, { from: number; to: number }>();
  const widen = (caregiverId: number, from: number, to: number) => {
    const range = ranges.get(caregiverId);
    if (range) {
      range.from = Math.min(range.from, from);
      range.to = Math.max(range.to, to);
    } else ranges.set(caregiverId, { from, to });
  };
  const spanStart = span.start.getTime();
  const spanEnd = span.end.getTime();
  for (const { caregiverId, startMs, endMs } of open) {
    if (!everyone) widen(caregiverId, startMs - MAX_VISIT_MS, endMs);
    else {
      // The page holds the visits starting from a day before the span that end inside it.
      if (startMs < spanStart) widen(caregiverId, startMs - MAX_VISIT_MS, spanStart);
      if (endMs > spanEnd) widen(caregiverId, spanEnd, endMs);
    }
  }
  if (ranges.size > 0) {
    const list = [...ranges.entries()];
    const stamp = (ms: number) => new Date(ms).toISOString();
    near.push(
      ...(await rowsOf<NearVisit>(
        ctx.db,
        sql`select o.id, o.caregiver_id as "caregiverId",
            ${epochMs(sql.raw('o.planned_start'))} as "startMs", ${epochMs(sql.raw('o.planned_end'))} as "endMs"
          from unnest(${sql.param(list.map(([id]) => id))}::int[],
            ${sql.param(list.map(([, r]) => stamp(r.from)))}::timestamptz[],
            ${sql.param(list.map(([, r]) => stamp(r.to)))}::timestamptz[]) as r(id, from_at, to_at)
          cross join lateral (
            select w.id, w.caregiver_id, w.planned_start, w.planned_end, w.patient_id from visits w
            where w.caregiver_id = r.id and w.planned_start >= r.from_at and w.planned_start < r.to_at
              and w.deleted_at is null and w.status <> 'cancelled' offset 0
          ) o
          -- The patient by primary key (fenced): joined, PostgreSQL read every patient for each
          -- caregiver.
          cross join lateral (select p.deleted_at from patients p where p.id = o.patient_id offset 0) op
          where op.deleted_at is null`,
      )),
    );
  }
  const byCaregiver = new Map<number, NearVisit[]>();
  for (const visit of near) {
    const list = byCaregiver.get(visit.caregiverId);
    if (list) list.push(visit);
    else byCaregiver.set(visit.caregiverId, [visit]);
  }
  for (const list of byCaregiver.values())
    list.sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  for (const { id, caregiverId, startMs: start, endMs: end } of open) {
    // In order of start: the first that shares a moment is the earliest. (A visit read twice,
    // on the page and across its edge, is the same visit either time.)
    for (const other of byCaregiver.get(caregiverId) ?? []) {
      if (other.startMs >= end) break;
      if (other.id !== id && other.startMs > start - MAX_VISIT_MS && other.endMs > start) {
        found.set(id, new Date(other.startMs).toISOString());
        break;
      }
    }
  }
  return found;
}

/**
 * The week of a date (this week by default), Monday to Sunday in the agency's zone: a page of
 * the caregivers the caller plans for with their planned minutes, every live visit in scope of
 * the page that overlaps the week (page 1: unassigned ones too), and the conflicts of the
 * visits still to come: a caregiver no longer on the care team, deactivated, or booked on
 * another visit at the same time (any patient's: the other visit is not named). At most five
 * statements, one after the other: the settings, the caregivers, the page's visits with their
 * care-team and caregiver conflicts, the visits around the open ones (`overlapsOf`), the audit
 * rows.
 */
export async function getRotaWeek(
  ctx: RequestContext,
  query: { week?: string; page?: number } = {},
): Promise<RotaWeek> {
  const page = query.page ?? 1;
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const { weekStart, days } = weekOf(dayOr(query.week, now, zone));
  const span = localDateRange(weekStart, days[6]!, zone);

  const rota = await rotaPageOf(ctx, page);
  const rows = await rowsOf<SummaryRow & { onTeam: boolean | null; caregiverActive: boolean }>(
    ctx.db,
    sql`select ${rotaSummarySelect},
      -- Conflicts are reported on open visits only, so the others skip the probe. Fenced, so it
      -- stays a probe of care_team_user_idx on each row: unfenced, PostgreSQL hashed the whole
      -- agency's care teams (61,000 rows) for every request.
      case when ${visits.status} in ('planned', 'in-progress') then exists (select 1 from care_team_members c where c.patient_id = ${visits.patientId} and c.user_id = ${visits.caregiverId} offset 0) end as "onTeam",
      coalesce(cu.is_active, true) as "caregiverActive"
    from ${rota.visitsFrom(span.start, span.end)} ${rotaSummaryJoins}
    where ${liveInScope(ctx, span.start, span.end)}
    order by ${visits.plannedStart} asc, ${visits.id} asc`,
  );

  const overlaps = await overlapsOf(ctx, rows, span);
  const late = settings.visitLateAfterMinutes;
  const partsOf = localPartsOf(zone);
  const minutes = new Map<number, number>();
  const conflicts: RotaWeek['conflicts'] = [];
  for (const row of rows) {
    if (row.caregiverId === null) continue;
    if (row.status !== 'cancelled') {
      // The part of the visit inside the week.
      const from = Math.max(Date.parse(row.plannedStart), span.start.getTime());
      const to = Math.min(Date.parse(row.plannedEnd), span.end.getTime());
      const add = Math.max(0, Math.round((to - from) / MINUTE));
      minutes.set(row.caregiverId, (minutes.get(row.caregiverId) ?? 0) + add);
    }
    if (!openStatuses.has(row.status)) continue;
    const name = row.caregiverName;
    if (!row.caregiverActive) {
      conflicts.push({
        visitId: row.id,
        kind: 'inactive-caregiver',
        message: visitTexts.rotaInactiveCaregiver(name),
      });
    }
    if (row.onTeam === false) {
      conflicts.push({
        visitId: row.id,
        kind: 'not-on-team',
        message: visitTexts.rotaNotOnTeam(name),
      });
    }
    const overlapAt = overlaps.get(row.id);
    if (overlapAt !== undefined) {
      const at = partsOf(overlapAt);
      const time = at.date === partsOf(row.plannedStart).date ? at.time : `${at.date} ${at.time}`;
      conflicts.push({
        visitId: row.id,
        kind: 'overlap',
        message: visitTexts.rotaOverlap(name, time),
      });
    }
  }

  const answer: RotaWeek = {
    page: rota.page,
    pageCount: rota.pageCount,
    caregiverTotal: rota.caregiverTotal,
    weekStart,
    days,
    timeZone: zone,
    now: iso(now),
    caregivers: rota.caregivers.map((c) => ({
      id: c.id,
      name: c.name,
      plannedMinutes: minutes.get(c.id) ?? 0,
    })),
    visits: rows.map((row) => toSummary(row, zone, late, now, partsOf)),
    conflicts,
  };
  await auditVisitList(
    ctx,
    rows.map((row) => row.patientId),
  );
  return answer;
}

// ---------------------------------------------------------------------------------------------
// GET /api/rota/day
// ---------------------------------------------------------------------------------------------

/**
 * Every live visit in scope that overlaps a local day (today by default), by start, with its
 * status now, and how many are in each state: planned (on time), late, in progress,
 * completed, missed, cancelled. Paged by caregiver as the week is; four statements.
 */
export async function getRotaDay(
  ctx: RequestContext,
  query: { date?: string; page?: number } = {},
): Promise<RotaDay> {
  const page = query.page ?? 1;
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const date = dayOr(query.date, now, zone);
  const span = localDateRange(date, date, zone);
  const rota = await rotaPageOf(ctx, page);
  const rows = await rowsOf<SummaryRow>(
    ctx.db,
    sql`select ${rotaSummarySelect} from ${rota.visitsFrom(span.start, span.end)} ${rotaSummaryJoins}
    where ${liveInScope(ctx, span.start, span.end)}
    order by ${visits.plannedStart} asc, ${visits.id} asc`,
  );
  const partsOf = localPartsOf(zone);
  const list = rows.map((row) =>
    toSummary(row, zone, settings.visitLateAfterMinutes, now, partsOf),
  );
  const counts = { planned: 0, late: 0, inProgress: 0, completed: 0, missed: 0, cancelled: 0 };
  for (const v of list) {
    if (v.late) counts.late += 1;
    else if (v.status === 'planned') counts.planned += 1;
    else if (v.status === 'in-progress') counts.inProgress += 1;
    else if (v.status === 'completed') counts.completed += 1;
    else if (v.status === 'missed') counts.missed += 1;
    else counts.cancelled += 1;
  }
  await auditVisitList(
    ctx,
    rows.map((row) => row.patientId),
  );
  return {
    page: rota.page,
    pageCount: rota.pageCount,
    caregiverTotal: rota.caregiverTotal,
    date,
    timeZone: zone,
    now: iso(now),
    visits: list,
    counts,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/patients/{id}/visits
// ---------------------------------------------------------------------------------------------

/** The longest period of local dates a list of visits covers. */
export const MAX_PERIOD_DAYS = 62;

/** A period of local dates: from on or before to, at most 62 days; otherwise 400 on `to`. */
export function checkPeriod(from: string, to: string): void {
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_PERIOD_DAYS) {
    throw badRequest({ to: visitTexts.periodInvalid }, visitTexts.periodInvalid);
  }
}

/**
 * One patient's live visits whose start falls in a period of local dates (today and the next
 * 14 days by default), by start: "who is coming, when" for the chart and the patient's own
 * dashboard. 404 when the patient is missing or out of scope. One 'list' row.
 */
export async function listPatientVisits(
  ctx: RequestContext,
  patientId: number,
  query: { from?: string; to?: string } = {},
): Promise<PatientVisits> {
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const from = query.from ?? (query.to ? addDays(query.to, -14) : localParts(now, zone).date);
  const to = query.to ?? addDays(from, 14);
  checkPeriod(from, to);
  const span = localDateRange(from, to, zone);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(visits)
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .where(
      and(
        // visits_patient_idx
        eq(visits.patientId, patientId),
        gte(visits.plannedStart, span.start),
        lt(visits.plannedStart, span.end),
        isNull(visits.deletedAt),
        isNull(patients.deletedAt),
        joinedPatientInScope(ctx.user),
      ),
    )
    .orderBy(asc(visits.plannedStart), asc(visits.id));
  if (rows.length === 0) await ctx.scope.require(patientId, { entity: 'visit' });
  const partsOf = localPartsOf(zone);
  const list = rows.map((row) =>
    toSummary(row, zone, settings.visitLateAfterMinutes, now, partsOf),
  );
  await ctx.audit.read({ action: 'list', entity: 'visit', patientId });
  return { from, to, timeZone: zone, visits: list };
}
