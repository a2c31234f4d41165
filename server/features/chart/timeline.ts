import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { chartTexts, doseTexts, visitTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import { recordType } from '../../../shared/record-types.ts';
import { MAX_ID, parseCalendarDate } from '../../../shared/schemas/common.ts';
import {
  type TimelineEntry,
  type TimelinePage,
  type TimelineQuery,
} from '../../../shared/schemas/chart.ts';
import { timelineTypes, type TimelineType } from '../../../shared/constants.ts';
import type { ServiceType, VisitStatus } from '../../../shared/schemas/visits.ts';
import { outOfRange } from '../../../shared/vital-thresholds.ts';
import {
  celsiusToFahrenheit,
  mmolToMgDl,
  readGlucoseUnit,
  readTemperatureUnit,
} from '../../../shared/units.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import {
  allergies,
  appointments,
  conditions,
  doses,
  medicalRecords,
  medications,
  patients,
  prescriptions,
  progressReports,
  visits,
  vitalSigns,
} from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { loadPatientRanges } from '../clinical-common/vital-ranges.ts';

/*
 * The timeline: every record about one patient, newest first, in one statement. Each type is a
 * subquery that walks the patient's index of its own table in the timeline's order and stops
 * after limit + 1 rows; the subqueries are merged by UNION ALL and cut to the page. A page costs
 * the same whatever the length of the history: at most limit + 1 rows per type are read.
 *
 * Order: `at` descending, then the type's place in the registry, then id descending. The cursor
 * is the last entry's (at to the microsecond, type, id), so entries that share a moment are
 * neither repeated nor skipped from one page to the next.
 */

/** How many characters of a long text (a report's summary, a note) a timeline line keeps. */
const SHORT = 120;

/** Where one type's entries come from: its table and the columns its lines are made of. */
interface Source {
  table: PgTable;
  id: AnyPgColumn;
  patientId: AnyPgColumn;
  deletedAt: AnyPgColumn;
  /** The moment of the entry: a timestamp, or a calendar date (then 00:00 UTC). */
  at: AnyPgColumn;
  isDay?: boolean;
  /** The user the entry is by (a doctor, caregiver or recorder). */
  by: AnyPgColumn;
  /** Up to three texts the entry's lines are written from. */
  texts: SQL[];
  /** A vital signs reading's measurements, in `vitalOrder`. */
  vitals?: SQL;
  /** Leaves out rows shown by another source. */
  except?: SQL;
}

const short = (column: AnyPgColumn) => sql`left(${column}, ${sql.raw(String(SHORT + 1))})`;

/** The order of the measurements in a reading's `vitals` array. */
const vitalOrder = [
  'systolic',
  'diastolic',
  'pulse',
  'respiratoryRate',
  'temperatureC',
  'spo2',
  'glucoseMmolL',
  'weightKg',
  'pain',
] as const;

/**
 * Every type of the registry has its place here: its source, or null for a type that holds no
 * events (a patient's standing care plan tasks: the visits that copy them are on the timeline).
 */
const sources: Record<TimelineType, Source | null> = {
  appointment: {
    table: appointments,
    id: appointments.id,
    patientId: appointments.patientId,
    deletedAt: appointments.deletedAt,
    at: appointments.appointmentDate,
    by: appointments.doctorId,
    texts: [sql`${appointments.location}`],
  },
  'medical-record': {
    table: medicalRecords,
    id: medicalRecords.id,
    patientId: medicalRecords.patientId,
    deletedAt: medicalRecords.deletedAt,
    at: medicalRecords.dateOfVisit,
    by: medicalRecords.doctorId,
    texts: [sql`${medicalRecords.diagnosis}`, sql`${medicalRecords.location}`],
  },
  'progress-report': {
    table: progressReports,
    id: progressReports.id,
    patientId: progressReports.patientId,
    deletedAt: progressReports.deletedAt,
    at: progressReports.date,
    by: progressReports.caregiverId,
    texts: [
      sql`${progressReports.reportId}`,
      sql`${progressReports.overallHealth}`,
      short(progressReports.summary),
    ],
  },
  prescription: {
    table: prescriptions,
    id: prescriptions.id,
    patientId: prescriptions.patientId,
    deletedAt: prescriptions.deletedAt,
    at: prescriptions.date,
    isDay: true,
    by: prescriptions.doctorId,
    texts: [
      sql`${prescriptions.medication}`,
      sql`${prescriptions.dosage}`,
      short(prescriptions.details),
    ],
  },
  medication: {
    table: medications,
    id: medications.id,
    patientId: medications.patientId,
    deletedAt: medications.deletedAt,
    at: medications.date,
    by: medications.recordedBy,
    texts: [short(medications.details)],
    // An entry that records a dose is on the timeline as that dose (doses_medication_idx).
    except: sql`not exists (select 1 from ${doses} where ${doses.medicationId} = ${medications.id}
      and ${doses.deletedAt} is null)`,
  },
  'vital-sign': {
    table: vitalSigns,
    id: vitalSigns.id,
    patientId: vitalSigns.patientId,
    deletedAt: vitalSigns.deletedAt,
    at: vitalSigns.takenAt,
    by: vitalSigns.recordedBy,
    texts: [short(vitalSigns.note)],
    vitals: sql`json_build_array(${sql.join(
      vitalOrder.map((m) => sql`${vitalSigns[m]}`),
      sql`, `,
    )})`,
  },
  allergy: {
    table: allergies,
    id: allergies.id,
    patientId: allergies.patientId,
    deletedAt: allergies.deletedAt,
    at: allergies.createdAt,
    by: allergies.recordedBy,
    texts: [sql`${allergies.substance}`, sql`${allergies.reaction}`, sql`${allergies.status}`],
  },
  condition: {
    table: conditions,
    id: conditions.id,
    patientId: conditions.patientId,
    deletedAt: conditions.deletedAt,
    at: conditions.createdAt,
    by: conditions.recordedBy,
    texts: [sql`${conditions.name}`, sql`${conditions.status}`],
  },
  // A recorded outcome, at its dose's time (scheduled, or given for a PRN dose).
  dose: {
    table: doses,
    id: doses.id,
    patientId: doses.patientId,
    deletedAt: doses.deletedAt,
    at: doses.doseTime,
    by: doses.recordedBy,
    texts: [
      sql`${doses.outcome}`,
      sql`(select trim(p.medication || ' ' || p.dosage) from prescriptions p where p.id = ${doses.prescriptionId})`,
      sql`coalesce(nullif(${short(doses.note)}, ''), ${doses.reason}, ${short(doses.prnReason)})`,
    ],
  },
  // A caregiver's visit, at its planned start (visits_patient_idx), by its caregiver.
  visit: {
    table: visits,
    id: visits.id,
    patientId: visits.patientId,
    deletedAt: visits.deletedAt,
    at: visits.plannedStart,
    by: visits.caregiverId,
    texts: [
      sql`${visits.serviceType}`,
      sql`${visits.status}`,
      sql`coalesce(${visits.cancelReason}, ${short(visits.note)})`,
    ],
  },
  'care-plan-task': null,
};

/** The types that have entries on the timeline. */
const onTimeline = (type: TimelineType): boolean => sources[type] !== null;

/** A type's place in the timeline's order of entries that share a moment. */
const rankOf = (type: TimelineType): number => timelineTypes.indexOf(type);

/** The types of the timeline the user may read, by the permission table (registry `read`). */
export function readableTimelineTypes(user: SessionUser): TimelineType[] {
  return timelineTypes.filter((type) => can(user, recordType(type).access.read));
}

// ---- The cursor: opaque to callers, base64url of {a: at (µs, UTC), t: type, i: id}. ----

export interface TimelineCursor {
  /** The entry's moment to the microsecond, e.g. 2026-01-15T09:00:00.123456Z. */
  at: string;
  type: TimelineType;
  id: number;
}

const cursorShape = z
  .object({
    a: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    t: z.enum(timelineTypes),
    i: z.number().int().positive().max(MAX_ID),
  })
  .strict();

export const encodeCursor = (cursor: TimelineCursor): string =>
  Buffer.from(JSON.stringify({ a: cursor.at, t: cursor.type, i: cursor.id })).toString('base64url');

/** The cursor a page handed out, or null for anything else (never throws). */
export function decodeCursor(text: string): TimelineCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorShape.safeParse(value);
  if (!parsed.success) return null;
  const { a, t, i } = parsed.data;
  // A real moment: 2026-02-30 or 25:00 would be refused by the database.
  const at = new Date(a);
  if (
    Number.isNaN(at.getTime()) ||
    at.getUTCFullYear() < 1 ||
    at.toISOString().slice(0, 19) !== a.slice(0, 19)
  ) {
    return null;
  }
  return { at: a, type: t, id: i };
}

// ---- One statement per shape of page, prepared once and run with the values. ----

/** What decides the SQL of a page; everything else (patient, moments, ids) is a value. */
interface Shape {
  types: TimelineType[];
  /** The cursor's type, and whether its moment is 00:00 UTC (calendar dates compare by day). */
  cursor: { rank: number; midnight: boolean } | null;
  from: boolean;
  to: boolean;
}

const value = (name: string) => sql.placeholder(name);
const moment = (name: string) => sql`${value(name)}::timestamptz`;
const day = (name: string) => sql`${value(name)}::date`;

/** The entries of a type that come after the cursor in the timeline's order. */
function afterCursor(source: Source, rank: number, cursor: NonNullable<Shape['cursor']>): SQL {
  const { at, id } = source;
  const cursorId = sql`${value('cursorId')}::int`;
  if (!source.isDay) {
    if (rank > cursor.rank) return sql`${at} <= ${moment('cursorAt')}`;
    if (rank < cursor.rank) return sql`${at} < ${moment('cursorAt')}`;
    return sql`(${at}, ${id}) < (${moment('cursorAt')}, ${cursorId})`;
  }
  // A calendar date is 00:00 UTC of its day: the conditions are written on the date itself, so
  // the patient's index on (patient, date) still serves them.
  if (rank > cursor.rank || !cursor.midnight) return sql`${at} <= ${day('cursorDay')}`;
  if (rank < cursor.rank) return sql`${at} < ${day('cursorDay')}`;
  return sql`(${at}, ${id}) < (${day('cursorDay')}, ${cursorId})`;
}

/** From and to are whole days in UTC, both included. */
function withinDays(source: Source, shape: Shape): SQL[] {
  const conditions: SQL[] = [];
  if (source.isDay) {
    if (shape.from) conditions.push(sql`${source.at} >= ${day('fromDay')}`);
    if (shape.to) conditions.push(sql`${source.at} <= ${day('toDay')}`);
  } else {
    if (shape.from) conditions.push(sql`${source.at} >= ${moment('fromAt')}`);
    if (shape.to) conditions.push(sql`${source.at} < ${moment('beforeAt')}`);
  }
  return conditions;
}

const momentOf = (source: Source): SQL =>
  source.isDay ? sql`(${source.at}::timestamp at time zone 'UTC')` : sql`${source.at}`;

/** One type's subquery: the patient's live entries after the cursor, in order, `take` at most. */
function subquery(type: TimelineType, shape: Shape): SQL {
  const source = sources[type]!;
  const rank = rankOf(type);
  const text = (i: number) => source.texts[i] ?? sql`null`;
  const where = sql.join(
    [
      sql`${source.patientId} = ${value('patientId')}::int`,
      sql`${source.deletedAt} is null`,
      ...(shape.cursor ? [afterCursor(source, rank, shape.cursor)] : []),
      ...withinDays(source, shape),
      ...(source.except ? [source.except] : []),
    ],
    sql` and `,
  );
  return sql`(select ${sql.raw(String(rank))}::int as rank, ${source.id} as id,
      ${momentOf(source)} as at, ${source.by} as by_id,
      ${text(0)}::text as f1, ${text(1)}::text as f2, ${text(2)}::text as f3,
      ${source.vitals ?? sql`null`}::json as vitals
    from ${source.table}
    where ${where}
    order by ${source.at} desc, ${source.id} desc
    limit ${value('take')})`;
}

/**
 * The page's statement: the types' subqueries merged and cut to the page, in the caller's
 * scope (checked once, on the patient's own row), then the page's names and the reader's units.
 * Building it in Drizzle costs more than running it, so it is prepared once per shape and kind
 * of scope, and only the values travel with each request.
 */
function pageStatement(db: Executor, user: SessionUser, shape: Shape) {
  const key = [
    scopeKind(user),
    shape.types.map(rankOf).join('-'),
    shape.cursor ? `c${shape.cursor.rank}${shape.cursor.midnight ? 'm' : ''}` : 'first',
    shape.from ? 'from' : '',
    shape.to ? 'to' : '',
  ].join('_');
  return preparedFor(db, `timeline_${key}`, () => {
    const t = (column: string) => sql.raw(`t.${column}`);
    const merged = sql`(select * from (${sql.join(
      shape.types.map((type) => subquery(type, shape)),
      sql` union all `,
    )}) merged
      where exists (select 1 from ${patients} where ${patients.id} = ${value('patientId')}::int
        and ${patientInScope(user, patients.id, value('userId'))})
      order by merged.at desc, merged.rank asc, merged.id desc
      limit ${value('take')}) t`;
    return db
      .select({
        rank: sql<number>`${t('rank')}`,
        id: sql<number>`${t('id')}`,
        atKey: sql<string>`to_char(${t('at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        atIso: sql<string>`to_char(${t('at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        byName: sql<
          string | null
        >`(select u.first_name || ' ' || u.second_name from users u where u.id = ${t('by_id')})`,
        f1: sql<string | null>`${t('f1')}`,
        f2: sql<string | null>`${t('f2')}`,
        f3: sql<string | null>`${t('f3')}`,
        vitals: sql<(number | string | null)[] | null>`${t('vitals')}`,
        temperatureUnit: sql<
          string | null
        >`(select me.temperature_unit from users me where me.id = ${value('userId')}::int)`,
        glucoseUnit: sql<
          string | null
        >`(select me.glucose_unit from users me where me.id = ${value('userId')}::int)`,
      })
      .from(merged)
      .orderBy(sql`${t('at')} desc`, sql`${t('rank')} asc`, sql`${t('id')} desc`)
      .prepare(`timeline_${key}`);
  });
}

interface TimelineRow {
  rank: number;
  id: number;
  atKey: string;
  atIso: string;
  byName: string | null;
  f1: string | null;
  f2: string | null;
  f3: string | null;
  vitals: (number | string | null)[] | null;
  temperatureUnit: string | null;
  glucoseUnit: string | null;
}

// ---- The lines of each entry. ----

const cut = (text: string | null): string => {
  const value = (text ?? '').trim();
  return value.length > SHORT ? `${value.slice(0, SHORT).trimEnd()}…` : value;
};

type Vitals = Partial<Record<(typeof vitalOrder)[number], number | null>>;

function vitalsOf(row: TimelineRow): Vitals {
  const values = row.vitals ?? [];
  return Object.fromEntries(
    vitalOrder.map((m, i) => {
      const value = values[i];
      return [m, value === null || value === undefined ? null : Number(value)];
    }),
  );
}

/** "BP 128/82, pulse 72, 36.8 °C": in the units the reader chose in their settings. */
function vitalsTitle(v: Vitals, row: TimelineRow): string {
  const parts = chartTexts.vitalParts;
  const out: string[] = [];
  if (v.systolic != null && v.diastolic != null) {
    out.push(parts.bloodPressure(v.systolic, v.diastolic));
  }
  if (v.pulse != null) out.push(parts.pulse(v.pulse));
  if (v.respiratoryRate != null) out.push(parts.respiratoryRate(v.respiratoryRate));
  if (v.temperatureC != null) {
    const unit = readTemperatureUnit(row.temperatureUnit ?? 'C');
    const value = unit === 'F' ? celsiusToFahrenheit(v.temperatureC) : v.temperatureC;
    out.push(parts.temperature(value.toFixed(1), unit));
  }
  if (v.spo2 != null) out.push(parts.spo2(v.spo2));
  if (v.glucoseMmolL != null) {
    const unit = readGlucoseUnit(row.glucoseUnit ?? 'mmol/L');
    const value = unit === 'mg/dL' ? String(mmolToMgDl(v.glucoseMmolL)) : v.glucoseMmolL.toFixed(1);
    out.push(parts.glucose(value, unit));
  }
  if (v.weightKg != null) out.push(parts.weight(v.weightKg.toFixed(1)));
  if (v.pain != null) out.push(parts.pain(v.pain));
  return chartTexts.vitalsSummary(out);
}

const statusWord = (status: string | null) =>
  chartTexts.problemStatus[status ?? ''] ?? status ?? '';

/** The entry's title and second line, by type. */
function linesOf(type: TimelineType, row: TimelineRow): { title: string; detail: string } {
  const { f1, f2, f3 } = row;
  switch (type) {
    case 'appointment':
      return { title: chartTexts.appointmentTitle, detail: f1 ?? '' };
    case 'medical-record':
      return { title: f1 ?? '', detail: f2 ?? '' };
    case 'progress-report':
      return { title: chartTexts.reportTitle(f1 ?? '', f2 || null), detail: cut(f3) };
    case 'prescription': {
      const title = [f1, f2]
        .map((t) => (t ?? '').trim())
        .filter(Boolean)
        .join(' ');
      // Prescriptions from before medication and dosage were kept have only their details.
      return title ? { title, detail: cut(f3) } : { title: cut(f3), detail: '' };
    }
    case 'medication':
      return { title: cut(f1), detail: '' };
    case 'vital-sign':
      return { title: vitalsTitle(vitalsOf(row), row), detail: cut(f1) };
    case 'allergy':
      return {
        title: chartTexts.allergyTitle(f1 ?? ''),
        // A resolved allergy says so; an active one needs no word.
        detail: chartTexts.allergyDetail(f2 ?? '', f3 === 'active' ? '' : statusWord(f3)),
      };
    case 'condition':
      return { title: f1 ?? '', detail: statusWord(f2) };
    case 'dose': {
      const outcome = doseTexts.outcomeLabels[f1 as keyof typeof doseTexts.outcomeLabels] ?? f1;
      // f3: the note, else the reason not given (a code), else why a PRN dose was given.
      const detail = doseTexts.reasonLabels[f3 as keyof typeof doseTexts.reasonLabels] ?? f3;
      return { title: doseTexts.doseTimelineTitle(outcome ?? '', f2 ?? ''), detail: cut(detail) };
    }
    case 'visit': {
      const service = visitTexts.serviceTypeLabels[f1 as ServiceType] ?? f1 ?? '';
      const status = visitTexts.statusLabels[f2 as VisitStatus] ?? f2 ?? '';
      // f3: why it was cancelled, else the caregiver's note.
      return { title: visitTexts.timelineTitle(service, status), detail: cut(f3) };
    }
    case 'care-plan-task':
      // Not on the timeline (no source): a standing task is no event.
      return { title: f1 ?? '', detail: '' };
  }
}

/**
 * One page of a patient's timeline, with only the `readable` types (those the caller may read;
 * a type asked for but not readable is left out without a word). One statement reads the page;
 * the patient's ranges are read beside it when readings are asked for. An empty page checks
 * the scope on its own (404 when out of scope); one with entries proves it. One 'list' row.
 */
export async function loadTimeline(
  ctx: RequestContext,
  patientId: number,
  query: TimelineQuery,
  readable: readonly TimelineType[],
): Promise<TimelinePage> {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !cursor) {
    throw badRequest({ cursor: chartTexts.invalidCursor }, chartTexts.invalidCursor);
  }
  const types = timelineTypes.filter(
    (t) => onTimeline(t) && query.types.includes(t) && readable.includes(t),
  );
  const take = query.limit + 1;

  let rows: TimelineRow[] = [];
  let ranges: Awaited<ReturnType<typeof loadPatientRanges>> | null = null;
  if (types.length) {
    const from = query.from?.trim();
    const to = query.to?.trim();
    const statement = pageStatement(ctx.db, ctx.user, {
      types,
      cursor: cursor && {
        rank: rankOf(cursor.type),
        midnight: cursor.at.slice(11, 26) === '00:00:00.000000',
      },
      from: Boolean(from),
      to: Boolean(to),
    });
    const values = {
      patientId,
      userId: ctx.user.id,
      take,
      cursorAt: cursor?.at,
      cursorDay: cursor?.at.slice(0, 10),
      cursorId: cursor?.id,
      fromAt: from && `${from}T00:00:00Z`,
      fromDay: from,
      // The day after `to`, at 00:00 UTC: timestamps before it are on or before `to`.
      beforeAt: to && new Date(parseCalendarDate(to)!.getTime() + 24 * 3600_000).toISOString(),
      toDay: to,
    };
    const [found, loaded] = await Promise.all([
      statement.execute(values) as Promise<TimelineRow[]>,
      types.includes('vital-sign') ? loadPatientRanges(ctx.db, [patientId]) : null,
    ]);
    rows = found;
    ranges = loaded;
  }
  if (rows.length === 0) await ctx.scope.require(patientId, { entity: 'timeline' });

  const page = rows.slice(0, query.limit);
  const patientRanges = ranges?.get(patientId);
  const entries: TimelineEntry[] = page.map((row) => {
    const type = timelineTypes[row.rank]!;
    const flagged =
      type === 'vital-sign' &&
      patientRanges !== undefined &&
      outOfRange(vitalsOf(row), patientRanges).length > 0;
    return {
      type,
      id: row.id,
      at: row.atIso,
      ...linesOf(type, row),
      by: row.byName,
      flagged,
    };
  });
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ at: last.atKey, type: timelineTypes[last.rank]!, id: last.id })
      : null;
  await ctx.audit.read({ action: 'list', entity: 'timeline', patientId });
  return { entries, nextCursor };
}

/** One page of a patient's timeline, with the types the caller may read. */
export function getTimeline(
  ctx: RequestContext,
  patientId: number,
  query: TimelineQuery,
): Promise<TimelinePage> {
  return loadTimeline(ctx, patientId, query, readableTimelineTypes(ctx.user));
}
