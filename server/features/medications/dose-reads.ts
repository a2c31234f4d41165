import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  dayDoseInstants,
  doseSpan,
  dosesInSpan,
  doseStatus,
  dosesOnDate,
  initialsOf,
  isoWeekday,
  localParts,
  marCode,
  zonedInstant,
  type DoseWindows,
  type FixedSchedule,
} from '../../../shared/dose-schedule.ts';
import type {
  Adherence,
  AgencySettings,
  Dose,
  DoseCorrection,
  DoseOutcome,
  DoseRoute,
  DoseSlot,
  DoseStatus,
  DoseSummary,
  DueDoses,
  Mar,
  MarCell,
  NotGivenReason,
  PatientDoseDay,
  PrnStatus,
  SlotOutcome,
} from '../../../shared/schemas/doses.ts';
import type { RequestContext } from '../../auth/context.ts';
import type { Executor } from '../../db/client.ts';
import { doses, patients, prescriptions } from '../../db/schema/index.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { epochMs, isoText, userNameOf } from '../clinical-common/clinical-records.ts';
import { flatRows } from '../../lib/flat-rows.ts';
import { rowsOf } from '../../db/raw-rows.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const iso = (at: Date) => at.toISOString();
/** An instant as a query parameter, the same on PGlite and PostgreSQL. */
const instant = (at: Date) => sql`${iso(at)}::timestamptz`;
/** One key per scheduled dose: its prescription and time to the millisecond. */
const slotKey = (prescriptionId: number, at: Date | number) =>
  `${prescriptionId}@${typeof at === 'number' ? at : at.getTime()}`;

// ---------------------------------------------------------------------------------------------
// Prescriptions with a schedule.
// ---------------------------------------------------------------------------------------------

/** A live prescription with a schedule, as the rounds read it. */
export interface ScheduledPrescription {
  id: number;
  patientId: number;
  patientName: string;
  medication: string;
  dosage: string;
  route: DoseRoute | null;
  instructions: string;
  schedule: 'fixed' | 'prn';
  startDate: string;
  endDate: string | null;
  doseTimes: string[];
  weekdays: number[] | null;
  prnMinIntervalMinutes: number;
  prnMaxPerDay: number;
  /** PRN: the last dose given at or before now, ISO 8601. */
  lastPrnAt: string | null;
}

/** The columns of a scheduled prescription; `now` bounds its last PRN dose. */
export const scheduledPrescriptionColumns = (now: Date) => ({
  id: prescriptions.id,
  patientId: prescriptions.patientId,
  patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
  medication: prescriptions.medication,
  dosage: prescriptions.dosage,
  route: prescriptions.route,
  instructions: prescriptions.instructions,
  schedule: prescriptions.schedule,
  // A schedule saved without a start date starts with the prescription.
  startDate: sql<string>`coalesce(${prescriptions.startDate}, ${prescriptions.date})::text`,
  endDate: sql<string | null>`${prescriptions.endDate}::text`,
  doseTimes: prescriptions.doseTimes,
  weekdays: prescriptions.weekdays,
  prnMinIntervalMinutes: prescriptions.prnMinIntervalMinutes,
  prnMaxPerDay: prescriptions.prnMaxPerDay,
  // The newest PRN dose: walks doses_prescription_idx backwards and stops at the first live one.
  lastPrnAt: sql<
    string | null
  >`case when ${prescriptions.schedule} = 'prn' then (select to_char(max(d.dose_time) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from doses d where d.prescription_id = ${prescriptions.id} and d.scheduled_at is null and d.deleted_at is null and d.dose_time <= ${instant(now)}) end`,
});

/** A row of `scheduledPrescriptionColumns`. */
export interface PrescriptionRow {
  id: number;
  patientId: number;
  patientName: string;
  medication: string;
  dosage: string;
  route: string | null;
  instructions: string;
  schedule: string | null;
  startDate: string;
  endDate: string | null;
  doseTimes: string[] | null;
  weekdays: number[] | null;
  prnMinIntervalMinutes: number | null;
  prnMaxPerDay: number | null;
  lastPrnAt: string | null;
}

export function toScheduledPrescription(row: PrescriptionRow): ScheduledPrescription {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    medication: row.medication,
    dosage: row.dosage,
    route: row.route as DoseRoute | null,
    instructions: row.instructions,
    schedule: row.schedule === 'prn' ? 'prn' : 'fixed',
    startDate: row.startDate,
    endDate: row.endDate,
    doseTimes: [...(row.doseTimes ?? [])].sort(),
    weekdays: row.weekdays,
    prnMinIntervalMinutes: row.prnMinIntervalMinutes ?? 0,
    prnMaxPerDay: row.prnMaxPerDay ?? 0,
    lastPrnAt: row.lastPrnAt,
  };
}

/** The fixed schedule of a prescription, for shared/dose-schedule.ts. */
export const fixedScheduleOf = (p: ScheduledPrescription): FixedSchedule => ({
  startDate: p.startDate,
  endDate: p.endDate,
  doseTimes: p.doseTimes,
  weekdays: p.weekdays,
});

/** Whether a prescription has doses (or may be given) on some day between two local dates. */
const activeBetween = (p: ScheduledPrescription, first: string, last: string) =>
  p.startDate <= last && (p.endDate === null || p.endDate >= first);

/**
 * The live prescriptions with a schedule of live patients matching `where` (which carries the
 * caller's scope), that may have doses between two local dates: by patient name, then
 * medication. One statement, on prescriptions_scheduled_idx.
 */
async function loadPrescriptions(
  db: Executor,
  now: Date,
  where: SQL | undefined,
  firstDate: string,
  lastDate: string,
): Promise<ScheduledPrescription[]> {
  const rows = await flatRows(
    db
      .select(scheduledPrescriptionColumns(now))
      .from(prescriptions)
      .innerJoin(patients, eq(patients.id, prescriptions.patientId))
      .where(
        and(
          isNotNull(prescriptions.schedule),
          isNull(prescriptions.deletedAt),
          isNull(patients.deletedAt),
          sql`coalesce(${prescriptions.startDate}, ${prescriptions.date}) <= ${lastDate}::date`,
          or(isNull(prescriptions.endDate), gte(prescriptions.endDate, firstDate)),
          where,
        ),
      )
      .orderBy(
        asc(patients.lastName),
        asc(patients.firstName),
        asc(patients.id),
        asc(prescriptions.medication),
        asc(prescriptions.id),
      ),
  );
  return rows.map(toScheduledPrescription);
}

// ---------------------------------------------------------------------------------------------
// Recorded doses.
// ---------------------------------------------------------------------------------------------

/** The earlier versions of a dose, oldest first, as one JSON array beside the dose. */
const correctionsOf = sql<DoseCorrection[]>`coalesce((select json_agg(json_build_object(
  'outcome', c.outcome,
  'givenAt', ${isoText(sql.raw('c.given_at'))},
  'reason', c.reason,
  'prnReason', c.prn_reason,
  'note', c.note,
  'recordedByName', ${userNameOf(sql.raw('c.recorded_by'))},
  'recordedAt', ${isoText(sql.raw('c.recorded_at'))},
  'replacedByName', ${userNameOf(sql.raw('c.replaced_by'))},
  'replacedAt', ${isoText(sql.raw('c.replaced_at'))}
) order by c.replaced_at, c.id) from dose_corrections c where c.dose_id = ${doses.id}), '[]'::json)`;

/** A recorded dose's columns as the lists of the rounds need them (no corrections). */
const outcomeColumns = {
  id: doses.id,
  patientId: doses.patientId,
  prescriptionId: doses.prescriptionId,
  medication: prescriptions.medication,
  dosage: prescriptions.dosage,
  scheduledAt: isoText(doses.scheduledAt),
  outcome: doses.outcome,
  givenAt: isoText(doses.givenAt),
  reason: doses.reason,
  prnReason: doses.prnReason,
  note: doses.note,
  doseTime: isoText(doses.doseTime),
  recordedBy: doses.recordedBy,
  recordedByName: userNameOf(doses.recordedBy),
  createdAt: isoText(doses.createdAt),
  updatedAt: isoText(doses.updatedAt),
};

type OutcomeRow = {
  id: number;
  patientId: number;
  prescriptionId: number;
  medication: string;
  dosage: string;
  scheduledAt: string | null;
  outcome: string;
  givenAt: string | null;
  reason: string | null;
  prnReason: string;
  note: string;
  doseTime: string;
  recordedBy: number;
  recordedByName: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * One patient's live recorded doses in [from, to) by dose time, oldest first (doses_patient_idx),
 * as whole dose records with their corrections (a day's answer carries them).
 */
async function loadOutcomes(
  db: Executor,
  patientId: number,
  from: Date,
  to: Date,
): Promise<(OutcomeRow & { corrections?: DoseCorrection[] })[]> {
  return flatRows(
    db
      .select({ ...outcomeColumns, corrections: correctionsOf })
      .from(doses)
      .innerJoin(prescriptions, eq(prescriptions.id, doses.prescriptionId))
      .where(
        and(
          eq(doses.patientId, patientId),
          isNull(doses.deletedAt),
          gte(doses.doseTime, from),
          lt(doses.doseTime, to),
        ),
      )
      .orderBy(asc(doses.doseTime), asc(doses.id)),
  ) as Promise<(OutcomeRow & { corrections?: DoseCorrection[] })[]>;
}

/** A dose as the dose record's answer gives it (doseSchema). */
const toDose = (
  row: OutcomeRow & { corrections?: DoseCorrection[] },
  patientName: string,
): Dose => ({
  id: row.id,
  patientId: row.patientId,
  patientName,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  prescriptionId: row.prescriptionId,
  medication: row.medication,
  dosage: row.dosage,
  scheduledAt: row.scheduledAt,
  outcome: row.outcome as DoseOutcome,
  givenAt: row.givenAt,
  reason: row.reason as NotGivenReason | null,
  prnReason: row.prnReason,
  note: row.note,
  doseTime: row.doseTime,
  recordedBy: row.recordedBy,
  recordedByName: row.recordedByName,
  corrections: row.corrections ?? [],
});

const toSlotOutcome = (row: OutcomeRow): SlotOutcome => ({
  doseId: row.id,
  outcome: row.outcome as DoseOutcome,
  givenAt: row.givenAt,
  reason: row.reason as NotGivenReason | null,
  note: row.note,
  recordedByName: row.recordedByName,
  initials: initialsOf(row.recordedByName),
});

/**
 * `column = any($1)`: the ids as one array parameter. An `in (…)` list is one parameter per id,
 * and building it cost more than running it on a round of a few hundred prescriptions.
 */
const anyOf = (column: AnyPgColumn, ids: number[]) =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * The scheduled doses with a live outcome among some prescriptions' doses in [from, to): their
 * keys. One statement on doses_scheduled_unique.
 */
async function recordedSlots(
  db: Executor,
  prescriptionIds: number[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (prescriptionIds.length === 0) return new Set();
  const rows = await flatRows(
    db
      .select({ prescriptionId: doses.prescriptionId, scheduledMs: epochMs(doses.scheduledAt) })
      .from(doses)
      .where(
        and(
          anyOf(doses.prescriptionId, prescriptionIds),
          isNull(doses.deletedAt),
          gte(doses.scheduledAt, from),
          lt(doses.scheduledAt, to),
        ),
      ),
  );
  return new Set(rows.map((row) => slotKey(row.prescriptionId, row.scheduledMs)));
}

/** The PRN doses given in the 24 hours up to now, per prescription, oldest first. */
async function prnDosesOfLastDay(
  db: Executor,
  prescriptionIds: number[],
  now: Date,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (prescriptionIds.length === 0) return out;
  const rows = await db
    .select({ prescriptionId: doses.prescriptionId, doseTime: isoText(doses.doseTime) })
    .from(doses)
    .where(
      and(
        anyOf(doses.prescriptionId, prescriptionIds),
        isNull(doses.deletedAt),
        isNull(doses.scheduledAt),
        gt(doses.doseTime, new Date(now.getTime() - DAY)),
        lte(doses.doseTime, now),
      ),
    )
    .orderBy(asc(doses.doseTime));
  for (const row of rows) {
    const list = out.get(row.prescriptionId) ?? [];
    list.push(row.doseTime);
    out.set(row.prescriptionId, list);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Slots, PRN status, adherence: pure.
// ---------------------------------------------------------------------------------------------

function toSlot(
  p: ScheduledPrescription,
  at: Date,
  zone: string,
  status: DoseStatus,
  outcome: SlotOutcome | null,
): DoseSlot {
  const local = localParts(at, zone);
  return {
    prescriptionId: p.id,
    patientId: p.patientId,
    medication: p.medication,
    dosage: p.dosage,
    route: p.route,
    instructions: p.instructions,
    scheduledAt: iso(at),
    localDate: local.date,
    localTime: local.time,
    status,
    outcome,
  };
}

/**
 * When the next PRN dose may be given: after the minimum interval from the last one, and once
 * fewer than the daily maximum were given in the 24 hours before it. Null: allowed now.
 */
export function prnStatusOf(
  p: ScheduledPrescription,
  lastDay: readonly string[],
  now: Date,
): PrnStatus {
  const times = lastDay.map((at) => Date.parse(at)).sort((a, b) => a - b);
  const last = p.lastPrnAt ? Date.parse(p.lastPrnAt) : null;
  let next = -Infinity;
  if (last !== null) next = last + p.prnMinIntervalMinutes * MINUTE;
  if (p.prnMaxPerDay > 0 && times.length >= p.prnMaxPerDay) {
    // The dose that has to leave the 24-hour window before another fits in it.
    next = Math.max(next, times[times.length - p.prnMaxPerDay]! + DAY);
  }
  return {
    prescriptionId: p.id,
    patientId: p.patientId,
    medication: p.medication,
    dosage: p.dosage,
    route: p.route,
    instructions: p.instructions,
    minIntervalMinutes: p.prnMinIntervalMinutes,
    maxPerDay: p.prnMaxPerDay,
    givenLast24h: times.length,
    lastGivenAt: p.lastPrnAt,
    nextAllowedAt: next > now.getTime() ? new Date(next).toISOString() : null,
  };
}

const givenOutcomes = new Set<string>(['given', 'given-late']);

/**
 * Given ÷ scheduled over the last 7 and 30 days: the fixed doses whose due window closed in the
 * span, and of those the ones given (on time or late).
 */
export function adherenceOf(
  fixed: readonly ScheduledPrescription[],
  outcomes: ReadonlyMap<string, string>,
  zone: string,
  windows: DoseWindows,
  now: Date,
): Adherence {
  const span = (days: number) => {
    // Closed in the span: scheduled + window in [now - days, now).
    const to = new Date(now.getTime() - windows.doseWindowMinutes * MINUTE);
    const from = new Date(to.getTime() - days * DAY);
    const doses = doseSpan(zone, from, to);
    let scheduled = 0;
    let given = 0;
    for (const p of fixed) {
      for (const at of dosesInSpan(p, doses)) {
        scheduled += 1;
        if (givenOutcomes.has(outcomes.get(slotKey(p.id, at)) ?? '')) given += 1;
      }
    }
    return { given, scheduled, ratio: scheduled === 0 ? null : given / scheduled };
  };
  return { days7: span(7), days30: span(30) };
}

/** A recorded dose as the MAR and adherence read it: the slot it fills and what it says. */
interface RoundOutcome {
  id: number;
  prescriptionId: number;
  /** The scheduled time, epoch milliseconds; null: a PRN dose. */
  scheduledMs: number | null;
  /** The dose time (the scheduled time, or when a PRN dose was given), epoch milliseconds. */
  doseMs: number;
  outcome: DoseOutcome;
  givenAt: string | null;
  reason: NotGivenReason | null;
  prnReason: string;
  note: string;
  recordedByName: string;
  medication: string;
  dosage: string;
}

/**
 * One patient's live recorded doses with a dose time in [from, to), oldest first
 * (doses_patient_idx), with only what the MAR and adherence show. The recorders' names and the
 * medicines are looked up once each for the span rather than once per dose (a month holds
 * hundreds of doses by a few people of a few prescriptions), and the rows come back as the
 * driver builds them.
 */
async function loadRoundOutcomes(
  db: Executor,
  patientId: number,
  from: Date,
  to: Date,
): Promise<RoundOutcome[]> {
  return rowsOf<RoundOutcome>(
    db,
    sql`with d as (
      select id, prescription_id, scheduled_at, dose_time, outcome, given_at, reason, prn_reason,
        note, recorded_by
      from doses
      where patient_id = ${patientId} and deleted_at is null
        and dose_time >= ${instant(from)} and dose_time < ${instant(to)}
    ), who as (
      select u.id, u.first_name || ' ' || u.second_name as name from users u
      where u.id in (select recorded_by from d)
    ), what as (
      select p.id, p.medication, p.dosage from prescriptions p
      where p.id in (select prescription_id from d)
    )
    select d.id, d.prescription_id as "prescriptionId",
      ${epochMs(sql.raw('d.scheduled_at'))} as "scheduledMs",
      ${epochMs(sql.raw('d.dose_time'))} as "doseMs",
      d.outcome, ${isoText(sql.raw('d.given_at'))} as "givenAt", d.reason,
      d.prn_reason as "prnReason", d.note, coalesce(who.name, '') as "recordedByName",
      what.medication, what.dosage
    from d
    join what on what.id = d.prescription_id
    left join who on who.id = d.recorded_by
    order by d.dose_time, d.id`,
  );
}

/**
 * The recorded doses of two spans of one patient: one statement over both when they meet or
 * overlap (a month's MAR and the last 30 days' adherence, for this month or the last), two side
 * by side when they do not. Each reader keeps the rows of its own span.
 */
async function loadOutcomesOf(
  db: Executor,
  patientId: number,
  a: { from: Date; to: Date },
  b: { from: Date; to: Date },
): Promise<RoundOutcome[]> {
  if (a.from <= b.to && b.from <= a.to) {
    const from = a.from < b.from ? a.from : b.from;
    const to = a.to > b.to ? a.to : b.to;
    return loadRoundOutcomes(db, patientId, from, to);
  }
  const [first, second] = await Promise.all([
    loadRoundOutcomes(db, patientId, a.from, a.to),
    loadRoundOutcomes(db, patientId, b.from, b.to),
  ]);
  return [...first, ...second];
}

/** The span adherence reads: the 30 days (and the due window) up to and including now. */
const adherenceSpan = (windows: DoseWindows, now: Date) => ({
  from: new Date(now.getTime() - 30 * DAY - windows.doseWindowMinutes * MINUTE),
  to: new Date(now.getTime() + 1),
});

/** The outcomes adherence reads, by slot: the scheduled doses recorded in its span. */
function adherenceOutcomesOf(
  rows: readonly RoundOutcome[],
  span: { from: Date; to: Date },
): Map<string, string> {
  const from = span.from.getTime();
  const to = span.to.getTime();
  const out = new Map<string, string>();
  for (const row of rows) {
    if (row.scheduledMs !== null && row.doseMs >= from && row.doseMs < to) {
      out.set(slotKey(row.prescriptionId, row.scheduledMs), row.outcome);
    }
  }
  return out;
}

/** The outcomes adherence reads: the scheduled doses recorded over the last 30 days. */
async function adherenceOutcomes(
  db: Executor,
  patientId: number,
  windows: DoseWindows,
  now: Date,
): Promise<Map<string, string>> {
  const span = adherenceSpan(windows, now);
  return adherenceOutcomesOf(await loadRoundOutcomes(db, patientId, span.from, span.to), span);
}

const windowsOf = (settings: AgencySettings): DoseWindows => ({
  doseWindowMinutes: settings.doseWindowMinutes,
  doseMissedAfterMinutes: settings.doseMissedAfterMinutes,
});

/** The patient in the caller's scope, or the audited 404. */
async function patientInScope(ctx: RequestContext, patientId: number) {
  const [row] = await ctx.db
    .select({
      id: patients.id,
      name: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      dob: patients.dob,
    })
    .from(patients)
    .where(and(eq(patients.id, patientId), ctx.scope.where(patients.id)))
    .limit(1);
  if (!row) return ctx.notFound({ entity: 'patient', entityId: patientId, patientId });
  return row;
}

// ---------------------------------------------------------------------------------------------
// The calls.
// ---------------------------------------------------------------------------------------------

const dueStatuses = new Set<DoseStatus>(['due', 'late', 'missed']);

/**
 * The caller's patients' doses due now, late, or missed in the last 24 hours, with no outcome,
 * and their PRN medicines, by patient name. A bounded number of statements whatever the number
 * of patients and prescriptions: the settings, the prescriptions with their patients (scope
 * inside), then the outcomes of the span and the PRN doses of the last day side by side.
 */
export async function listDueDoses(
  ctx: RequestContext,
  query: { patientId?: number } = {},
): Promise<DueDoses> {
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const windows = windowsOf(settings);
  const from = new Date(now.getTime() - DAY);
  // Due from `window` minutes before the time, both ends included.
  const to = new Date(now.getTime() + windows.doseWindowMinutes * MINUTE + 1);
  const today = localParts(now, zone).date;
  const list = await loadPrescriptions(
    ctx.db,
    now,
    and(
      ctx.scope.where(patients.id),
      query.patientId === undefined ? undefined : eq(prescriptions.patientId, query.patientId),
    ),
    localParts(from, zone).date,
    localParts(to, zone).date,
  );
  if (query.patientId !== undefined && list.length === 0) {
    await ctx.scope.require(query.patientId);
  }
  const fixed = list.filter((p) => p.schedule === 'fixed');
  const prn = list.filter((p) => p.schedule === 'prn' && activeBetween(p, today, today));
  const prnIds = new Set(prn.map((p) => p.id));
  const [recorded, prnDoses] = await Promise.all([
    recordedSlots(
      ctx.db,
      fixed.map((p) => p.id),
      from,
      to,
    ),
    prnDosesOfLastDay(
      ctx.db,
      prn.map((p) => p.id),
      now,
    ),
  ]);

  const span = doseSpan(zone, from, to);
  const byPatient = new Map<number, DueDoses['patients'][number]>();
  const entryOf = (p: ScheduledPrescription) => {
    let entry = byPatient.get(p.patientId);
    if (!entry) {
      entry = { patientId: p.patientId, patientName: p.patientName, doses: [], prn: [] };
      byPatient.set(p.patientId, entry);
    }
    return entry;
  };
  for (const p of list) {
    if (p.schedule === 'fixed') {
      for (const ms of dosesInSpan(p, span)) {
        if (recorded.has(slotKey(p.id, ms))) continue;
        const at = new Date(ms);
        const status = doseStatus(at, now, windows);
        if (dueStatuses.has(status)) entryOf(p).doses.push(toSlot(p, at, zone, status, null));
      }
    } else if (prnIds.has(p.id)) {
      entryOf(p).prn.push(prnStatusOf(p, prnDoses.get(p.id) ?? [], now));
    }
  }
  for (const entry of byPatient.values()) {
    entry.doses.sort(
      (a, b) =>
        a.scheduledAt.localeCompare(b.scheduledAt) ||
        a.medication.localeCompare(b.medication) ||
        a.prescriptionId - b.prescriptionId,
    );
  }
  await ctx.audit.read({ action: 'list', entity: 'dose', patientId: query.patientId ?? null });
  return { now: iso(now), timeZone: zone, patients: [...byPatient.values()] };
}

/** The caller's patients' doses late now, and missed over the last 7 days, counted. */
export async function getDoseSummary(ctx: RequestContext): Promise<DoseSummary> {
  const now = ctx.clock.now();
  const settings = await loadAgencySettings(ctx.db);
  const zone = settings.timeZone;
  const windows = windowsOf(settings);
  const from = new Date(now.getTime() - 7 * DAY);
  // Late starts after the due window: scheduled before now - window.
  const to = new Date(now.getTime() - windows.doseWindowMinutes * MINUTE);
  const fixed = await loadPrescriptions(
    ctx.db,
    now,
    and(ctx.scope.where(patients.id), eq(prescriptions.schedule, 'fixed')),
    localParts(from, zone).date,
    localParts(to, zone).date,
  );
  const recorded = await recordedSlots(
    ctx.db,
    fixed.map((p) => p.id),
    from,
    to,
  );
  const span = doseSpan(zone, from, to);
  let late = 0;
  let missed = 0;
  for (const p of fixed) {
    for (const ms of dosesInSpan(p, span)) {
      if (recorded.has(slotKey(p.id, ms))) continue;
      const status = doseStatus(new Date(ms), now, windows);
      if (status === 'late') late += 1;
      else if (status === 'missed') missed += 1;
    }
  }
  await ctx.audit.read({ action: 'list', entity: 'dose', patientId: null });
  return { late, missed };
}

/**
 * What a patient's day and MAR start from: the patient in scope (404 otherwise) and the agency's
 * settings, read side by side, with now, today and the start of adherence's 31 days, locally.
 */
async function patientRound(ctx: RequestContext, patientId: number) {
  const now = ctx.clock.now();
  const [patient, settings] = await Promise.all([
    patientInScope(ctx, patientId),
    loadAgencySettings(ctx.db),
  ]);
  const zone = settings.timeZone;
  return {
    now,
    patient,
    zone,
    windows: windowsOf(settings),
    today: localParts(now, zone).date,
    since: localParts(new Date(now.getTime() - 31 * DAY), zone).date,
  };
}

/**
 * One patient's day (the agency's local date; today by default): its scheduled doses with their
 * status and outcome, the PRN medicines, the PRN doses given that day, and adherence.
 */
export async function getPatientDoseDay(
  ctx: RequestContext,
  patientId: number,
  date?: string,
): Promise<PatientDoseDay> {
  const { now, patient, zone, windows, today, since } = await patientRound(ctx, patientId);
  const day = date ?? today;
  const dayStart = zonedInstant(day, '00:00', zone);
  const dayEnd = zonedInstant(addDays(day, 1), '00:00', zone);

  const list = await loadPrescriptions(
    ctx.db,
    now,
    eq(prescriptions.patientId, patientId),
    since < day ? since : day,
    today > day ? today : day,
  );
  const [dayRows, recent, prnDoses] = await Promise.all([
    loadOutcomes(ctx.db, patientId, dayStart, dayEnd),
    adherenceOutcomes(ctx.db, patientId, windows, now),
    prnDosesOfLastDay(
      ctx.db,
      list.filter((p) => p.schedule === 'prn').map((p) => p.id),
      now,
    ),
  ]);

  const fixed = list.filter((p) => p.schedule === 'fixed');
  const outcomes = new Map(
    dayRows
      .filter((row) => row.scheduledAt !== null)
      .map((row) => [slotKey(row.prescriptionId, Date.parse(row.scheduledAt!)), row]),
  );
  const slots: DoseSlot[] = [];
  const placed = new Set<string>();
  for (const p of fixed) {
    if (!dosesOnDate(fixedScheduleOf(p), day)) continue;
    for (const time of p.doseTimes) {
      const at = zonedInstant(day, time, zone);
      const key = slotKey(p.id, at);
      if (placed.has(key)) continue;
      placed.add(key);
      const row = outcomes.get(key);
      slots.push(
        toSlot(
          p,
          at,
          zone,
          row ? (row.outcome as DoseOutcome) : doseStatus(at, now, windows),
          row ? toSlotOutcome(row) : null,
        ),
      );
    }
  }
  // An outcome recorded at a time the schedule no longer lists still shows on its day.
  const byId = new Map(fixed.map((p) => [p.id, p]));
  for (const [key, row] of outcomes) {
    const p = byId.get(row.prescriptionId);
    if (!p || placed.has(key)) continue;
    slots.push(
      toSlot(p, new Date(row.scheduledAt!), zone, row.outcome as DoseOutcome, toSlotOutcome(row)),
    );
  }
  slots.sort(
    (a, b) =>
      a.scheduledAt.localeCompare(b.scheduledAt) ||
      a.medication.localeCompare(b.medication) ||
      a.prescriptionId - b.prescriptionId,
  );

  const prn = list
    .filter((p) => p.schedule === 'prn' && activeBetween(p, today, today))
    .map((p) => prnStatusOf(p, prnDoses.get(p.id) ?? [], now));
  await ctx.audit.read({ action: 'list', entity: 'dose', patientId });
  return {
    date: day,
    timeZone: zone,
    doses: slots,
    prn,
    prnGiven: dayRows
      .filter((row) => row.scheduledAt === null)
      .map((row) => toDose(row, patient.name)),
    adherence: adherenceOf(fixed, recent, zone, windows, now),
  };
}

const daysInMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};

/**
 * The month's medication administration record of a patient (this month by default): a row per
 * fixed prescription and time, a cell per day, the PRN doses given, and adherence.
 */
export async function getMar(ctx: RequestContext, patientId: number, month?: string): Promise<Mar> {
  const { now, patient, zone, windows, today, since } = await patientRound(ctx, patientId);
  const theMonth = month ?? today.slice(0, 7);
  const days = daysInMonth(theMonth);
  const firstDay = `${theMonth}-01`;
  const lastDay = `${theMonth}-${String(days).padStart(2, '0')}`;
  const monthSpan = {
    from: zonedInstant(firstDay, '00:00', zone),
    to: zonedInstant(addDays(lastDay, 1), '00:00', zone),
  };
  const recentSpan = adherenceSpan(windows, now);

  const [list, rowsRead] = await Promise.all([
    loadPrescriptions(
      ctx.db,
      now,
      and(eq(prescriptions.patientId, patientId), eq(prescriptions.schedule, 'fixed')),
      since < firstDay ? since : firstDay,
      today > lastDay ? today : lastDay,
    ),
    loadOutcomesOf(ctx.db, patientId, monthSpan, recentSpan),
  ]);
  const monthFrom = monthSpan.from.getTime();
  const monthTo = monthSpan.to.getTime();
  const monthRows = rowsRead.filter((row) => row.doseMs >= monthFrom && row.doseMs < monthTo);
  const recent = adherenceOutcomesOf(rowsRead, recentSpan);

  // The month's scheduled outcomes by slot, and each prescription's, for the rows of its own.
  const outcomes = new Map<string, RoundOutcome>();
  const outcomesOf = new Map<number, RoundOutcome[]>();
  for (const row of monthRows) {
    if (row.scheduledMs === null) continue;
    outcomes.set(slotKey(row.prescriptionId, row.scheduledMs), row);
    const own = outcomesOf.get(row.prescriptionId);
    if (own) own.push(row);
    else outcomesOf.set(row.prescriptionId, [row]);
  }
  const cellOf = (at: Date, row: RoundOutcome | undefined): MarCell => {
    const status: DoseStatus = row ? row.outcome : doseStatus(at, now, windows);
    return {
      scheduledAt: iso(at),
      status,
      code: marCode(
        status,
        row ? { reason: row.reason, initials: initialsOf(row.recordedByName) } : null,
      ),
      doseId: row?.id ?? null,
    };
  };

  // The month's days once, for every prescription's rows.
  const monthDays = Array.from({ length: days }, (_, i) => {
    const date = `${theMonth}-${String(i + 1).padStart(2, '0')}`;
    return { date, weekday: isoWeekday(date) };
  });
  const rows: Mar['rows'] = [];
  for (const p of list) {
    const cellsByTime = new Map<string, (MarCell | null)[]>();
    const cellsFor = (time: string) => {
      let cells = cellsByTime.get(time);
      if (!cells) {
        cells = Array.from({ length: days }, () => null);
        cellsByTime.set(time, cells);
      }
      return cells;
    };
    const placed = new Set<string>();
    if (activeBetween(p, firstDay, lastDay)) {
      const times = p.doseTimes;
      const timeCells = times.map(cellsFor);
      for (let d = 0; d < days; d += 1) {
        const day = monthDays[d]!;
        if (day.date < p.startDate || (p.endDate !== null && day.date > p.endDate)) continue;
        if (p.weekdays !== null && !p.weekdays.includes(day.weekday)) continue;
        const instants = dayDoseInstants(day.date, times, zone);
        for (let t = 0; t < times.length; t += 1) {
          const key = slotKey(p.id, instants[t]!);
          // Two times that meet on a daylight-saving day are one dose, shown once.
          if (placed.has(key)) continue;
          placed.add(key);
          timeCells[t]![d] = cellOf(new Date(instants[t]!), outcomes.get(key));
        }
      }
    }
    // Outcomes at times the schedule no longer gives still show, in a row of their own time.
    for (const row of outcomesOf.get(p.id) ?? []) {
      const key = slotKey(p.id, row.scheduledMs!);
      if (placed.has(key)) continue;
      const at = new Date(row.scheduledMs!);
      const local = localParts(at, zone);
      const index = Number(local.date.slice(8, 10)) - 1;
      const cells = cellsFor(local.time);
      if (local.date.startsWith(theMonth) && cells[index] == null) cells[index] = cellOf(at, row);
    }
    for (const [time, cells] of cellsByTime) {
      rows.push({
        prescriptionId: p.id,
        medication: p.medication,
        dosage: p.dosage,
        route: p.route,
        instructions: p.instructions,
        time,
        cells,
      });
    }
  }
  rows.sort(
    (a, b) =>
      a.medication.localeCompare(b.medication) ||
      a.prescriptionId - b.prescriptionId ||
      a.time.localeCompare(b.time),
  );
  const prn = monthRows
    .filter((row) => row.scheduledMs === null)
    .map((row) => ({
      doseId: row.id,
      prescriptionId: row.prescriptionId,
      medication: row.medication,
      dosage: row.dosage,
      givenAt: row.givenAt,
      prnReason: row.prnReason,
      note: row.note,
      recordedByName: row.recordedByName,
      initials: initialsOf(row.recordedByName),
    }));

  await ctx.audit.read({ action: 'list', entity: 'dose', patientId });
  return {
    patient: { id: patient.id, name: patient.name, dateOfBirth: patient.dob },
    month: theMonth,
    timeZone: zone,
    days,
    rows,
    prn,
    adherence: adherenceOf(
      list.filter((p) => activeBetween(p, since, today)),
      recent,
      zone,
      windows,
      now,
    ),
  };
}
