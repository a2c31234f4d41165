import { and, asc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { localParts } from '../../../shared/dose-schedule.ts';
import { visitTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import {
  timesheetCsvColumns,
  type LocationStatus,
  type ServiceType,
  type Timesheet,
  type TimesheetRow,
  type TimesheetSummary,
  type VisitCorrection,
  type VisitStatus,
} from '../../../shared/schemas/visits.ts';
import { localDateRange, timesheetFigures } from '../../../shared/visit-rules.ts';
import type { RequestContext } from '../../auth/context.ts';
import { users, visits } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/http-error.ts';
import { CSV_BOM, csvLines, type CsvCell } from '../../lib/csv.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { auditVisitList, checkPeriod, correctionsOf, type VisitLocations } from './visit-reads.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/*
 * Timesheets: per caregiver and period of local dates, a line per visit that starts in it
 * (cancelled ones included, counting no minutes) with planned and actual minutes and the
 * exceptions (late, early leave, no check-out, missed, corrected by hand); the totals; every
 * caregiver's totals for supervisors; and the CSV export with the six visit-verification facts.
 * A caregiver reads their own; a supervisor anyone's. A month costs the same few statements
 * however many visits: the settings and the caregiver, the visits (corrections beside each as
 * JSON), the audit rows.
 */

/** A supervisor (or admin): sees and reads every caregiver's timesheet. */
const isSupervisor = (ctx: RequestContext) => can(ctx.user, 'patients:read-all');

const invalidCaregiver = () =>
  badRequest({ caregiverId: visitTexts.caregiverInvalid }, visitTexts.caregiverInvalid);

/**
 * Whose timesheet: the caller when no id is given (a caregiver; anyone else 400), another
 * caregiver only for a supervisor (403, audited), and always a caregiver's account (400).
 */
async function caregiverOf(
  ctx: RequestContext,
  caregiverId: number | undefined,
): Promise<{ id: number; name: string }> {
  if (caregiverId === undefined && ctx.user.role !== 'caregiver') throw invalidCaregiver();
  const id = caregiverId ?? ctx.user.id;
  if (id !== ctx.user.id && !isSupervisor(ctx)) {
    await ctx.forbidden({ entity: 'timesheet', entityId: id }, visitTexts.timesheetForbidden);
  }
  const [row] = await ctx.db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.secondName}` })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'caregiver')))
    .limit(1);
  if (!row) throw invalidCaregiver();
  return row;
}

/** An instant as the API answers it (UTC ISO 8601), as `isoText` writes it. */
const isoOf = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timesheet line's columns, named as `Row`. The caregiver's name is joined once per row (the
 * `cu` alias) instead of looked up by a subquery, and the rows come back as the driver builds
 * them instead of mapped column by column by the query builder.
 */
const timesheetSelect = sql.raw(`"visits"."id" as "visitId",
  "visits"."patient_id" as "patientId",
  p.first_name || ' ' || p.last_name as "patientName",
  "visits"."caregiver_id" as "caregiverId",
  coalesce(cu.first_name || ' ' || cu.second_name, '') as "caregiverName",
  "visits"."service_type" as "serviceType",
  "visits"."status" as "status",
  ${isoOf('"visits"."planned_start"')} as "plannedStart",
  ${isoOf('"visits"."planned_end"')} as "plannedEnd",
  ${isoOf('"visits"."check_in_at"')} as "checkInAt",
  ${isoOf('"visits"."check_out_at"')} as "checkOutAt",
  "visits"."check_in_location" as "checkInLocation",
  "visits"."check_in_latitude" as "checkInLatitude",
  "visits"."check_in_longitude" as "checkInLongitude",
  "visits"."check_in_accuracy" as "checkInAccuracy",
  "visits"."check_out_location" as "checkOutLocation",
  "visits"."check_out_latitude" as "checkOutLatitude",
  "visits"."check_out_longitude" as "checkOutLongitude",
  "visits"."check_out_accuracy" as "checkOutAccuracy"`);

interface Row extends VisitLocations {
  visitId: number;
  patientId: number;
  patientName: string;
  caregiverId: number | null;
  caregiverName: string;
  serviceType: string;
  status: string;
  plannedStart: string;
  plannedEnd: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  corrections: VisitCorrection[];
}

/**
 * The live visits of live patients starting in a period of local dates, assigned to a caregiver
 * (or to anyone when `caregiverId` is null), by start. visits_caregiver_idx for one caregiver.
 */
function loadRows(
  ctx: RequestContext,
  span: { start: Date; end: Date },
  caregiver: SQL,
  oneCaregiver: boolean,
): Promise<Row[]> {
  // One caregiver's month is a few hundred visits: each finds its patient by primary key (a
  // lateral lookup, fenced by `offset 0`), where a join would hash every patient of the agency
  // and cost more as the agency grows. Every caregiver's period is read with a plain join.
  const patient = oneCaregiver
    ? sql`inner join lateral (
        select pp.first_name, pp.last_name from patients pp
        where pp.id = ${visits.patientId} and pp.deleted_at is null offset 0
      ) p on true`
    : sql`inner join patients p on p.id = ${visits.patientId} and p.deleted_at is null`;
  return rowsOf<Row>(
    ctx.db,
    sql`select ${timesheetSelect}, ${correctionsOf} as "corrections"
      from ${visits} ${patient}
      left join users cu on cu.id = ${visits.caregiverId}
      where ${and(
        caregiver,
        gte(visits.plannedStart, span.start),
        lt(visits.plannedStart, span.end),
        isNull(visits.deletedAt),
      )}
      order by ${visits.plannedStart} asc, ${visits.id} asc`,
  );
}

function toTimesheetRow(row: Row, zone: string, lateAfter: number, now: Date): TimesheetRow {
  const date = (at: string | null) => (at ? new Date(at) : null);
  const figures = timesheetFigures(
    {
      status: row.status as VisitStatus,
      plannedStart: new Date(row.plannedStart),
      plannedEnd: new Date(row.plannedEnd),
      checkInAt: date(row.checkInAt),
      checkOutAt: date(row.checkOutAt),
      corrected: row.corrections.length > 0,
    },
    lateAfter,
    now,
  );
  return {
    visitId: row.visitId,
    patientId: row.patientId,
    patientName: row.patientName,
    serviceType: row.serviceType as ServiceType,
    status: row.status as VisitStatus,
    localDate: localParts(new Date(row.plannedStart), zone).date,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    checkInLocation: row.checkInLocation as LocationStatus | null,
    checkInLatitude: row.checkInLatitude,
    checkInLongitude: row.checkInLongitude,
    checkInAccuracy: row.checkInAccuracy,
    ...figures,
    corrections: row.corrections,
  };
}

type Totals = Timesheet['totals'];
const emptyTotals = (): Totals => ({
  visits: 0,
  completed: 0,
  missed: 0,
  plannedMinutes: 0,
  actualMinutes: 0,
  exceptions: 0,
});

/** Adds a line to totals: every visit counts, cancelled ones in no minutes. */
function addTo(totals: Totals, row: TimesheetRow): Totals {
  totals.visits += 1;
  if (row.status === 'completed') totals.completed += 1;
  if (row.status === 'missed') totals.missed += 1;
  totals.plannedMinutes += row.plannedMinutes;
  totals.actualMinutes += row.actualMinutes ?? 0;
  totals.exceptions += row.exceptions.length;
  return totals;
}

export interface PeriodQuery {
  from: string;
  to: string;
}

/**
 * GET /api/timesheets: one caregiver's visits starting in the period (the caller's own by
 * default), each with its figures and corrections, and the totals. Audited as a list of the
 * patients it names.
 */
export async function getTimesheet(
  ctx: RequestContext,
  query: PeriodQuery & { caregiverId?: number },
): Promise<Timesheet> {
  checkPeriod(query.from, query.to);
  const now = ctx.clock.now();
  const [settings, caregiver] = await Promise.all([
    loadAgencySettings(ctx.db),
    caregiverOf(ctx, query.caregiverId),
  ]);
  const zone = settings.timeZone;
  const span = localDateRange(query.from, query.to, zone);
  const rows = await loadRows(ctx, span, eq(visits.caregiverId, caregiver.id), true);
  const lines = rows.map((row) => toTimesheetRow(row, zone, settings.visitLateAfterMinutes, now));
  const totals = lines.reduce(addTo, emptyTotals());
  await auditVisitList(
    ctx,
    rows.map((row) => row.patientId),
  );
  return { caregiver, from: query.from, to: query.to, timeZone: zone, rows: lines, totals };
}

/**
 * GET /api/timesheets/summary: every active caregiver's totals over the period, by name
 * (supervisors; anyone else 403, audited). Four statements whatever the number of caregivers.
 */
export async function getTimesheetSummary(
  ctx: RequestContext,
  query: PeriodQuery,
): Promise<TimesheetSummary> {
  checkPeriod(query.from, query.to);
  if (!isSupervisor(ctx)) {
    await ctx.forbidden({ entity: 'timesheet' }, visitTexts.summaryForbidden);
  }
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const span = localDateRange(query.from, query.to, zone);
  const [caregivers, rows] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.secondName}`,
      })
      .from(users)
      .where(and(eq(users.role, 'caregiver'), eq(users.isActive, true)))
      .orderBy(asc(users.firstName), asc(users.secondName), asc(users.id)),
    loadRows(ctx, span, isNotNull(visits.caregiverId), false),
  ]);
  const totals = new Map(caregivers.map((c) => [c.id, emptyTotals()]));
  for (const row of rows) {
    const entry = totals.get(row.caregiverId!);
    if (entry) addTo(entry, toTimesheetRow(row, zone, settings.visitLateAfterMinutes, now));
  }
  await auditVisitList(
    ctx,
    rows.filter((row) => totals.has(row.caregiverId!)).map((row) => row.patientId),
  );
  return {
    from: query.from,
    to: query.to,
    caregivers: caregivers.map((c) => ({
      caregiverId: c.id,
      caregiverName: c.name,
      ...totals.get(c.id)!,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/**
 * One CSV field, written by the house's CSV writer (server/lib/csv.ts): a text a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe; a field holding a quote, comma or line break is quoted, its quotes doubled.
 */
export function csvField(value: CsvCell): string {
  return csvLines([[value]]).replace(/\r\n$/, '');
}

/** One line of fields, without its line end. */
export const csvLine = (fields: CsvCell[]): string => csvLines([fields]).replace(/\r\n$/, '');

/** "51.50740,-0.12780 (±12 m)", or what the caregiver's browser said instead. */
function locationText(
  status: string | null,
  latitude: number | null,
  longitude: number | null,
  accuracy: number | null,
): string {
  if (status === 'shared' && latitude !== null && longitude !== null) {
    return `${latitude},${longitude} (±${Math.round(accuracy ?? 0)} m)`;
  }
  return status ? (visitTexts.locationLabels[status as LocationStatus] ?? status) : '';
}

/** An instant as a person reads it in the agency's zone: 'YYYY-MM-DD HH:MM'. */
const localText = (at: string | null, zone: string) => {
  if (!at) return '';
  const local = localParts(new Date(at), zone);
  return `${local.date} ${local.time}`;
};

/**
 * GET /api/timesheets/export: the timesheet as CSV, one line per visit with the six
 * visit-verification facts (type of service, patient, caregiver, date, location, start and
 * end) and the figures. Without a caregiver a supervisor gets every caregiver's visits (a
 * caregiver their own). Audited as the timesheet is.
 */
export async function exportTimesheet(
  ctx: RequestContext,
  query: PeriodQuery & { caregiverId?: number },
): Promise<{ filename: string; csv: string }> {
  checkPeriod(query.from, query.to);
  const now = ctx.clock.now();
  const everyone = query.caregiverId === undefined && isSupervisor(ctx);
  const [settings, caregiver] = await Promise.all([
    loadAgencySettings(ctx.db),
    everyone ? null : caregiverOf(ctx, query.caregiverId),
  ]);
  const zone = settings.timeZone;
  const span = localDateRange(query.from, query.to, zone);
  const rows = await loadRows(
    ctx,
    span,
    caregiver ? eq(visits.caregiverId, caregiver.id) : isNotNull(visits.caregiverId),
    caregiver !== null,
  );
  const lines = [csvLine([...timesheetCsvColumns])];
  for (const row of rows) {
    const line = toTimesheetRow(row, zone, settings.visitLateAfterMinutes, now);
    lines.push(
      csvLine([
        row.visitId,
        visitTexts.serviceTypeLabels[line.serviceType],
        row.patientName,
        row.patientId,
        row.caregiverName,
        row.caregiverId,
        line.localDate,
        locationText(
          row.checkInLocation,
          row.checkInLatitude,
          row.checkInLongitude,
          row.checkInAccuracy,
        ),
        locationText(
          row.checkOutLocation,
          row.checkOutLatitude,
          row.checkOutLongitude,
          row.checkOutAccuracy,
        ),
        localText(row.checkInAt, zone),
        localText(row.checkOutAt, zone),
        localText(row.plannedStart, zone),
        localText(row.plannedEnd, zone),
        line.plannedMinutes,
        line.actualMinutes,
        visitTexts.statusLabels[line.status],
        line.exceptions.map((e) => visitTexts.exceptionLabels[e]).join('; '),
      ]),
    );
  }
  // The visit list's rows per patient and one 'export' row for the download, in one insert.
  const listed = [...new Set(rows.map((row) => row.patientId))].sort((a, b) => a - b);
  await ctx.audit.read([
    ...(listed.length === 0
      ? [{ action: 'list' as const, entity: 'visit', patientId: null }]
      : listed.map((patientId) => ({ action: 'list' as const, entity: 'visit', patientId }))),
    {
      action: 'export',
      entity: 'timesheet',
      details: { rows: rows.length, from: query.from, to: query.to },
    },
  ]);
  return {
    filename: `timesheet-${query.from}-${query.to}.csv`,
    // The byte order mark tells spreadsheet apps the file is UTF-8 (accents in names).
    csv: `${CSV_BOM}${lines.join('\r\n')}\r\n`,
  };
}
