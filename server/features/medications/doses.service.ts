import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  givenOutcome,
  isScheduledDose,
  localParts,
  type FixedSchedule,
} from '../../../shared/dose-schedule.ts';
import { apiErrors, doseTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import { parseClinicalInstant } from '../../../shared/schemas/clinical.ts';
import {
  doseConflictSchema,
  doseInputSchema,
  doseSchema,
  type AgencySettings,
  type DoseInput,
  type DoseOutcome,
  type NotGivenReason,
} from '../../../shared/schemas/doses.ts';
import { type DoseConflict } from '../../../shared/constants.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  doseCorrections,
  doses as table,
  medications,
  prescriptions,
} from '../../db/schema/index.ts';
import type { AuditEvent } from '../../audit/audit.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import {
  clinicalRecords,
  isoText,
  patientNameOf,
  userNameOf,
  type StoredRow,
} from '../clinical-common/clinical-records.ts';
import { recordReads } from '../clinical-common/record-queries.ts';
import { defineRecordFeature } from '../clinical-common/record-routes.ts';

/*
 * Recording the outcome of a dose (the `dose` record type). Only outcomes are stored: the doses
 * themselves are generated from the prescription's schedule (shared/dose-schedule.ts). Every
 * outcome also writes its entry in the medication log (/api/medications) in the same
 * transaction, and every recording takes the prescription's row lock first, so two recorders of
 * one prescription go one after the other: the second sees the first's outcome (one scheduled
 * dose, one outcome; PRN intervals and daily limits hold) and a schedule changed meanwhile.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A dose given "now" on a phone whose clock runs a little ahead is still accepted. */
const CLOCK_SKEW = 5 * MINUTE;

/** An instant as text inside a json_build_object (the same shape as isoText). */
const isoOf = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const nameOf = (userId: SQL) =>
  sql`coalesce((select u.first_name || ' ' || u.second_name from users u where u.id = ${userId}), '')`;

const medicationOf = sql<string>`coalesce((select p.medication from prescriptions p where p.id = ${table.prescriptionId}), '')`;
const dosageOf = sql<string>`coalesce((select p.dosage from prescriptions p where p.id = ${table.prescriptionId}), '')`;

/**
 * The earlier versions of a dose, oldest first, as one json array (one statement per answer).
 * The dose's id is written out: a bare "id" inside the subquery would be the correction's own.
 */
const correctionsOf = sql`coalesce((select json_agg(json_build_object(
    'outcome', c.outcome,
    'givenAt', ${isoOf(sql`c.given_at`)},
    'reason', c.reason,
    'prnReason', c.prn_reason,
    'note', c.note,
    'recordedByName', ${nameOf(sql`c.recorded_by`)},
    'recordedAt', ${isoOf(sql`c.recorded_at`)},
    'replacedByName', ${nameOf(sql`c.replaced_by`)},
    'replacedAt', ${isoOf(sql`c.replaced_at`)}
  ) order by c.replaced_at, c.id)
  from dose_corrections c where c.dose_id = doses.id), '[]'::json)`;

/** "Given: Metformin 500 mg" for the Deleted Records screen, in the product's words. */
const outcomeLabelOf = sql`case ${table.outcome} ${sql.join(
  Object.entries(doseTexts.outcomeLabels).map(
    ([outcome, label]) => sql`when ${outcome}::text then ${label}::text`,
  ),
  sql` `,
)} else ${table.outcome} end`;

const records = clinicalRecords({
  type: 'dose',
  table,
  answer: doseSchema,
  fields: {
    id: table.id,
    patientId: table.patientId,
    patientName: patientNameOf(table.patientId),
    prescriptionId: table.prescriptionId,
    medication: medicationOf,
    dosage: dosageOf,
    scheduledAt: table.scheduledAt,
    outcome: table.outcome,
    givenAt: table.givenAt,
    reason: table.reason,
    prnReason: table.prnReason,
    note: table.note,
    doseTime: table.doseTime,
    corrections: correctionsOf,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  },
  dated: table.doseTime,
  newestFirst: [desc(table.doseTime), desc(table.id)],
  searchable: [table.note, table.prnReason],
  // Whoever records or corrects the outcome; the history keeps who recorded each version.
  recorder: 'recordedBy',
  deleted: {
    summary: sql`${outcomeLabelOf} || ': ' || trim(${medicationOf} || ' ' || ${dosageOf})`,
    recordDate: isoText(table.doseTime),
  },
});
const reads = recordReads(records.kind);

type DoseRow = StoredRow<typeof table>;

/** What recording a dose reads of its prescription. */
const prescribedFields = {
  id: prescriptions.id,
  patientId: prescriptions.patientId,
  medication: prescriptions.medication,
  dosage: prescriptions.dosage,
  schedule: prescriptions.schedule,
  startDate: prescriptions.startDate,
  endDate: prescriptions.endDate,
  doseTimes: prescriptions.doseTimes,
  weekdays: prescriptions.weekdays,
  prnMinIntervalMinutes: prescriptions.prnMinIntervalMinutes,
  prnMaxPerDay: prescriptions.prnMaxPerDay,
};
interface Prescribed {
  id: number;
  patientId: number;
  medication: string;
  dosage: string;
  schedule: string | null;
  startDate: string | null;
  endDate: string | null;
  doseTimes: string[] | null;
  weekdays: number[] | null;
  prnMinIntervalMinutes: number | null;
  prnMaxPerDay: number | null;
}

/** The dose as stored: what the rules made of the input. */
interface DoseValues {
  scheduledAt: Date | null;
  outcome: DoseOutcome;
  givenAt: Date | null;
  reason: NotGivenReason | null;
  prnReason: string;
  note: string;
  doseTime: Date;
}

/** The 409 of a dose refused for its conflict with another (doseConflictSchema). */
function doseConflict(body: DoseConflict): HttpError {
  const { message, ...extra } = body;
  return new HttpError(409, message, undefined, extra);
}

const refuse = (field: string, message: string) => badRequest({ [field]: message }, message);

const fixedScheduleOf = (p: Prescribed): FixedSchedule => ({
  startDate: p.startDate!,
  endDate: p.endDate,
  doseTimes: p.doseTimes ?? [],
  weekdays: p.weekdays?.length ? p.weekdays : null,
});

const outsideDates = (p: Prescribed, date: string) =>
  (p.startDate !== null && date < p.startDate) || (p.endDate !== null && date > p.endDate);

/**
 * The rules of recording, on the prescription as locked (pure: no query). A correction keeps
 * its dose, so the dose is not checked against the schedule again (an end date brought forward
 * since does not make an outcome uncorrectable).
 */
function doseValues(
  p: Prescribed,
  input: DoseInput,
  settings: AgencySettings,
  now: Date,
  correcting: boolean,
): DoseValues {
  const zone = settings.timeZone;
  if (input.patientId !== p.patientId) refuseWith('patientId', doseTexts.doseOfAnotherPatient);
  if (!p.schedule) refuseWith('prescriptionId', doseTexts.notScheduled);
  const scheduledAt = input.scheduledAt ? parseClinicalInstant(input.scheduledAt) : null;
  const givenAtInput = input.givenAt ? parseClinicalInstant(input.givenAt) : null;
  const note = input.note ?? '';
  const reason = input.reason ?? null;

  if (p.schedule === 'prn') {
    if (scheduledAt) refuseWith('scheduledAt', doseTexts.notFixed);
    if (input.outcome !== 'given') refuseWith('outcome', doseTexts.prnOnlyGiven);
    if (!input.prnReason?.trim()) refuseWith('prnReason', doseTexts.prnReasonRequired);
    const givenAt = givenAtInput ?? now;
    if (givenAt.getTime() > now.getTime() + CLOCK_SKEW) {
      refuseWith('givenAt', doseTexts.givenAtInFuture);
    }
    if (outsideDates(p, localParts(givenAt, zone).date)) {
      refuseWith('givenAt', doseTexts.outsideDates);
    }
    return {
      scheduledAt: null,
      outcome: 'given',
      givenAt,
      reason: null,
      prnReason: input.prnReason ?? '',
      note,
      doseTime: givenAt,
    };
  }

  if (!scheduledAt) return refuseWith('scheduledAt', doseTexts.scheduledAtRequired);
  if (!correcting) {
    if (!isScheduledDose(fixedScheduleOf(p), zone, scheduledAt)) {
      const date = localParts(scheduledAt, zone).date;
      refuseWith(
        'scheduledAt',
        outsideDates(p, date) ? doseTexts.outsideDates : doseTexts.noDoseAtTime,
      );
    }
    if (scheduledAt.getTime() > now.getTime() + DAY) {
      refuseWith('scheduledAt', doseTexts.tooFarAhead);
    }
  }
  if (input.outcome !== 'given') {
    return {
      scheduledAt,
      outcome: input.outcome,
      givenAt: null,
      reason,
      prnReason: '',
      note,
      doseTime: scheduledAt,
    };
  }
  const opens = new Date(scheduledAt.getTime() - settings.doseWindowMinutes * MINUTE);
  if (now < opens) refuseWith('outcome', doseTexts.notYetDue(localParts(opens, zone).time));
  const givenAt = givenAtInput ?? now;
  if (givenAt.getTime() > now.getTime() + CLOCK_SKEW) {
    refuseWith('givenAt', doseTexts.givenAtInFuture);
  }
  if (givenAt.getTime() < scheduledAt.getTime() - DAY) {
    refuseWith('givenAt', doseTexts.givenAtTooEarly);
  }
  return {
    scheduledAt,
    outcome: givenOutcome(scheduledAt, givenAt, settings),
    givenAt,
    reason: null,
    prnReason: '',
    note,
    doseTime: scheduledAt,
  };
}

function refuseWith(field: string, message: string): never {
  throw refuse(field, message);
}

/** The prescription named by a dose if it is live and in the caller's scope. */
async function scopedPrescription(
  ctx: RequestContext,
  id: number,
): Promise<Prescribed | undefined> {
  // Read by every recording: prepared once per kind of scope.
  const kind = scopeKind(ctx.user);
  const statement = preparedFor(ctx.db, `dose_prescription_${kind}`, () =>
    ctx.db
      .select(prescribedFields)
      .from(prescriptions)
      .where(
        and(
          eq(prescriptions.id, sql.placeholder('id')),
          isNull(prescriptions.deletedAt),
          patientInScope(ctx.user, prescriptions.patientId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare(`dose_prescription_${kind.replace('-', '_')}`),
  );
  const [row] = await statement.execute({ id, userId: ctx.user.id });
  return row as Prescribed | undefined;
}

/** The prescription named by a dose, live and in the caller's scope; else the audited 404. */
async function prescriptionInScope(
  ctx: RequestContext,
  id: number,
  found?: Prescribed,
): Promise<Prescribed> {
  const row = found ?? (await scopedPrescription(ctx, id));
  if (row) return row;
  const [any] = await ctx.db
    .select({ patientId: prescriptions.patientId })
    .from(prescriptions)
    .where(eq(prescriptions.id, id))
    .limit(1);
  return ctx.notFound({ entity: 'prescription', entityId: id, patientId: any?.patientId ?? null });
}

/**
 * The prescription's row, locked until the transaction ends: recordings of it take turns. With
 * `slot`, also whether that scheduled dose has a live outcome already. Read as the lock is
 * taken: one recorded by a recorder this one waited for is not seen here, and meets the unique
 * index on the insert instead (answeringRace gives it the same 409).
 */
async function lockPrescription(
  tx: Tx,
  id: number,
  slot: Date | null = null,
): Promise<Prescribed & { taken: boolean }> {
  const [row] = await rowsOf<Prescribed & { taken: boolean }>(
    tx,
    sql`select p.id, p.patient_id as "patientId", p.medication, p.dosage, p.schedule,
        p.start_date::text as "startDate", p.end_date::text as "endDate",
        p.dose_times as "doseTimes", p.weekdays,
        p.prn_min_interval_minutes as "prnMinIntervalMinutes", p.prn_max_per_day as "prnMaxPerDay",
        ${slot}::timestamptz is not null and exists (select 1 from ${table} d
          where d.prescription_id = p.id and d.scheduled_at = ${slot}::timestamptz
            and d.deleted_at is null) as taken
      from ${prescriptions} p where p.id = ${id} and p.deleted_at is null for update of p`,
  );
  // Deleted between the scope check and the lock.
  if (!row) throw notFound();
  return row;
}

/** The 409 naming who recorded the scheduled dose already, and when (local time). */
async function alreadyRecorded(
  db: Executor,
  prescriptionId: number,
  scheduledAt: Date,
  zone: string,
): Promise<HttpError> {
  const [found] = await db
    .select({
      id: table.id,
      name: userNameOf(table.recordedBy),
      updatedAt: table.updatedAt,
    })
    .from(table)
    .where(
      and(
        eq(table.prescriptionId, prescriptionId),
        eq(table.scheduledAt, scheduledAt),
        isNull(table.deletedAt),
      ),
    )
    .limit(1);
  // Deleted again in the meantime: the plain conflict, and a retry records it.
  if (!found) return conflict(apiErrors.conflict);
  return doseConflict({
    code: 'already-recorded',
    doseId: found.id,
    message: doseTexts.alreadyRecorded(found.name, localParts(found.updatedAt, zone).time),
  });
}

/**
 * PRN limits, with the prescription locked: no other dose given within the minimum interval
 * (before or after), and fewer than the daily maximum in the 24 hours ending at `givenAt`. The
 * refusal says when the next dose is allowed.
 */
async function checkPrnLimits(
  tx: Tx,
  p: Prescribed,
  givenAt: Date,
  zone: string,
  exceptDoseId: number | null,
): Promise<void> {
  const at = givenAt.getTime();
  const rows = await tx
    .select({ doseTime: table.doseTime })
    .from(table)
    .where(
      and(
        eq(table.prescriptionId, p.id),
        isNull(table.scheduledAt),
        isNull(table.deletedAt),
        gt(table.doseTime, new Date(at - DAY)),
        lt(table.doseTime, new Date(at + DAY)),
        exceptDoseId === null ? undefined : ne(table.id, exceptDoseId),
      ),
    );
  const times = rows.map((row) => row.doseTime.getTime());
  const interval = (p.prnMinIntervalMinutes ?? 0) * MINUTE;
  const near = times.filter((time) => Math.abs(time - at) < interval);
  if (near.length > 0) {
    const next = new Date(Math.max(...near) + interval);
    throw doseConflict({
      code: 'prn-too-soon',
      nextAllowedAt: next.toISOString(),
      message: doseTexts.prnTooSoon(localParts(next, zone).time),
    });
  }
  const max = p.prnMaxPerDay ?? Number.POSITIVE_INFINITY;
  const lastDay = times.filter((time) => time > at - DAY && time <= at).sort((a, b) => a - b);
  if (lastDay.length >= max) {
    // The next dose may come once enough of these have left its 24 hours.
    const next = new Date(lastDay[lastDay.length - max]! + DAY);
    throw doseConflict({
      code: 'prn-daily-limit',
      nextAllowedAt: next.toISOString(),
      message: doseTexts.prnDailyLimit(max, localParts(next, zone).time),
    });
  }
}

/** The medication log's words for a dose. */
function logDetails(p: Prescribed, values: DoseValues, zone: string): string {
  const reason = values.reason ? doseTexts.reasonLabels[values.reason] : values.prnReason;
  return doseTexts.doseLogEntry({
    outcome: doseTexts.outcomeLabels[values.outcome],
    medication: `${p.medication} ${p.dosage}`.trim(),
    doseTime: values.scheduledAt ? localParts(values.scheduledAt, zone).time : null,
    reason,
    note: values.note,
  });
}

const logDateOf = (values: DoseValues) => values.givenAt ?? values.scheduledAt ?? values.doseTime;

/** True for the unique index of one outcome per scheduled dose (a recorder who lost a race). */
function isSlotTaken(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') {
      const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
      if (text.includes('doses_scheduled_unique')) return true;
    }
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}

interface Recorded {
  dose: { id: number; patientId: number };
  medicationId: number;
}

/**
 * Records an outcome inside the caller's transaction: locks the prescription, applies the
 * rules, refuses a scheduled dose already recorded, checks PRN limits, then writes the dose and
 * its medication log entry (or links the entry given).
 */
async function insertDose(
  tx: Tx,
  ctx: RequestContext,
  input: DoseInput,
  settings: AgencySettings,
  now: Date,
  logEntry: { medicationId: number } | null,
): Promise<Recorded> {
  const scheduledAt = input.scheduledAt ? parseClinicalInstant(input.scheduledAt) : null;
  const p = await lockPrescription(tx, input.prescriptionId, scheduledAt);
  const values = doseValues(p, input, settings, now, false);
  if (values.scheduledAt) {
    if (p.taken) throw await alreadyRecorded(tx, p.id, values.scheduledAt, settings.timeZone);
  } else {
    await checkPrnLimits(tx, p, values.doseTime, settings.timeZone, null);
  }
  // The dose and the log entry it is recorded by (new, or the one given) in one statement.
  const entry = logEntry
    ? sql``
    : sql`with entry as (
        insert into ${medications} (patient_id, date, details, recorded_by, created_at, updated_at)
        values (${p.patientId}, ${logDateOf(values)}, ${logDetails(p, values, settings.timeZone)},
          ${ctx.user.id}, ${now}, ${now})
        returning id) `;
  const [dose] = await rowsOf<{ id: number; patientId: number; medicationId: number }>(
    tx,
    sql`${entry}insert into ${table} (patient_id, prescription_id, scheduled_at, outcome, given_at,
        reason, prn_reason, note, dose_time, medication_id, recorded_by, created_at, updated_at)
      values (${p.patientId}, ${p.id}, ${values.scheduledAt}, ${values.outcome}, ${values.givenAt},
        ${values.reason}, ${values.prnReason}, ${values.note}, ${values.doseTime},
        ${logEntry ? sql`${logEntry.medicationId}` : sql`(select id from entry)`}, ${ctx.user.id},
        ${now}, ${now})
      returning id, patient_id as "patientId", medication_id as "medicationId"`,
  );
  return { dose: { id: dose!.id, patientId: dose!.patientId }, medicationId: dose!.medicationId };
}

/** The audit rows of a dose and its log entry. */
const eventsOf = (action: 'create' | 'update', recorded: Recorded): AuditEvent[] => [
  { action, entity: 'dose', entityId: recorded.dose.id, patientId: recorded.dose.patientId },
  {
    action,
    entity: 'medication',
    entityId: recorded.medicationId,
    patientId: recorded.dose.patientId,
  },
];

/**
 * What every recording checks before its transaction: the patient, then the prescription. The
 * prescription is read first: one in scope and of the patient named proves the patient in scope
 * too (the scope condition requires a live patient), so the usual recording takes one statement.
 * Otherwise the checks run in their order, with the same refusals and audit rows.
 */
async function prepare(ctx: RequestContext, input: DoseInput) {
  const found = await scopedPrescription(ctx, input.prescriptionId);
  if (found?.patientId !== input.patientId) {
    await ctx.scope.require(input.patientId, { entity: 'dose' });
  }
  const prescribed = await prescriptionInScope(ctx, input.prescriptionId, found);
  if (prescribed.patientId !== input.patientId) {
    throw refuse('patientId', doseTexts.doseOfAnotherPatient);
  }
  // The moment of recording: now, or the time recorded on a phone that was offline (a dose given
  // with no givenAt was given then, and the rules of the dose window apply to that time).
  return { settings: await loadAgencySettings(ctx.db), now: ctx.eventTime() };
}

/** Runs a recording; a twin that won the race on the unique index gets the same 409 as above. */
async function answeringRace<T>(
  ctx: RequestContext,
  input: DoseInput,
  zone: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const scheduledAt = input.scheduledAt ? parseClinicalInstant(input.scheduledAt) : null;
    if (scheduledAt && isSlotTaken(error)) {
      throw await alreadyRecorded(ctx.db, input.prescriptionId, scheduledAt, zone);
    }
    throw error;
  }
}

/**
 * A medication log entry that names the dose it records (POST /api/medications with
 * `prescriptionId` and `scheduledAt`): the entry, and that dose recorded as given at the entry's
 * date under the rules of POST /api/doses, in one transaction. Answers the entry's id.
 */
export async function createLogEntryWithDose(
  ctx: RequestContext,
  entry: { patientId: number; date: Date; details: string },
  dose: { prescriptionId: number; scheduledAt: string },
): Promise<number> {
  // The log's own permission is checked by its route; recording a dose needs this one too.
  if (!can(ctx.user, 'doses:record')) return ctx.forbidden({ entity: 'dose' });
  const input: DoseInput = {
    patientId: entry.patientId,
    prescriptionId: dose.prescriptionId,
    scheduledAt: dose.scheduledAt,
    outcome: 'given',
    givenAt: entry.date.toISOString(),
    prnReason: '',
    note: '',
  };
  try {
    const { settings, now } = await prepare(ctx, input);
    const recorded = await answeringRace(ctx, input, settings.timeZone, () =>
      ctx.audit.change(
        async (tx) => {
          const [logged] = await tx
            .insert(medications)
            .values({ ...entry, recordedBy: ctx.user.id, createdAt: now, updatedAt: now })
            .returning({ id: medications.id });
          return insertDose(tx, ctx, input, settings, now, { medicationId: logged!.id });
        },
        (done) => eventsOf('create', done),
      ),
    );
    return recorded.medicationId;
  } catch (error) {
    // The entry's time is its `date`: a refusal of the time given is shown on that field.
    if (error instanceof HttpError && error.errors?.givenAt) {
      const { givenAt, ...rest } = error.errors;
      throw badRequest({ ...rest, date: givenAt }, error.message);
    }
    throw error;
  }
}

/** The dose in the caller's scope for a change, or the audited 404. */
async function doseInScope(ctx: RequestContext, id: number): Promise<DoseRow> {
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.id, id), reads.visible(ctx.user)))
    .limit(1);
  if (!row) return reads.notFoundRecord(ctx, id);
  return row;
}

/** The medication log entry of a dose follows it out of and back into the lists. */
function followLogEntry(ctx: RequestContext, action: 'delete' | 'restore') {
  return async (tx: Tx, row: DoseRow) => {
    if (row.medicationId === null) return;
    const [entry] = await tx
      .update(medications)
      .set({ deletedAt: action === 'delete' ? ctx.clock.now() : null })
      .where(
        and(
          eq(medications.id, row.medicationId),
          action === 'delete'
            ? isNull(medications.deletedAt)
            : sql`${medications.deletedAt} is not null`,
        ),
      )
      .returning({ id: medications.id });
    if (entry) {
      await ctx.audit.within(tx, {
        action,
        entity: 'medication',
        entityId: entry.id,
        patientId: row.patientId,
      });
    }
  };
}

export const dosesService = {
  list: records.list,
  listForPatient: records.listForPatient,
  get: records.get,

  /**
   * Records the outcome of a dose (given, refused, not given; a PRN dose given) and its
   * medication log entry, by the rules of medication rounds; 409 when the scheduled dose has an
   * outcome already or a PRN limit would be broken. Nothing is written on a refusal.
   */
  async create(ctx: RequestContext, input: DoseInput) {
    const { settings, now } = await prepare(ctx, input);
    const recorded = await answeringRace(ctx, input, settings.timeZone, () =>
      ctx.audit.change(
        (tx) => insertDose(tx, ctx, input, settings, now, null),
        (done) => eventsOf('create', done),
      ),
    );
    return reads.answerFor(ctx, recorded.dose.id);
  },

  /**
   * Corrects an outcome: the same dose (patient, prescription and time stay), a new outcome.
   * The version replaced is kept in `dose_corrections`; the caller becomes the recorder of the
   * current one, and the medication log entry follows.
   */
  async update(ctx: RequestContext, id: number, input: DoseInput) {
    const existing = await doseInScope(ctx, id);
    const scheduledAt = input.scheduledAt ? parseClinicalInstant(input.scheduledAt) : null;
    const moved: [string, boolean][] = [
      ['patientId', input.patientId !== existing.patientId],
      ['prescriptionId', input.prescriptionId !== existing.prescriptionId],
      [
        'scheduledAt',
        (scheduledAt?.getTime() ?? null) !== (existing.scheduledAt?.getTime() ?? null),
      ],
    ];
    const field = moved.find(([, differs]) => differs)?.[0];
    if (field) throw refuse(field, doseTexts.cannotMove);
    await prescriptionInScope(ctx, existing.prescriptionId);
    const settings = await loadAgencySettings(ctx.db);
    const now = ctx.clock.now();
    const zone = settings.timeZone;
    const recorded = await ctx.audit.change(
      async (tx) => {
        const p = await lockPrescription(tx, existing.prescriptionId);
        const [current] = await tx
          .select()
          .from(table)
          .where(and(eq(table.id, id), isNull(table.deletedAt)))
          .for('update');
        if (!current) throw notFound();
        const values = doseValues(p, input, settings, now, true);
        if (!values.scheduledAt) await checkPrnLimits(tx, p, values.doseTime, zone, id);
        await tx.insert(doseCorrections).values({
          doseId: id,
          outcome: current.outcome,
          givenAt: current.givenAt,
          reason: current.reason,
          prnReason: current.prnReason,
          note: current.note,
          recordedBy: current.recordedBy,
          recordedAt: current.updatedAt,
          replacedBy: ctx.user.id,
          replacedAt: now,
        });
        const [dose] = await tx
          .update(table)
          .set({ ...values, recordedBy: ctx.user.id, updatedAt: now })
          .where(eq(table.id, id))
          .returning();
        if (current.medicationId !== null) {
          await tx
            .update(medications)
            .set({ date: logDateOf(values), details: logDetails(p, values, zone), updatedAt: now })
            .where(eq(medications.id, current.medicationId));
        }
        return { dose: dose!, medicationId: current.medicationId };
      },
      (done) =>
        done.medicationId === null
          ? eventsOf('update', done as Recorded).slice(0, 1)
          : eventsOf('update', done as Recorded),
    );
    return reads.answerFor(ctx, recorded.dose.id);
  },

  /** Soft-deletes an outcome recorded in error, with its medication log entry. */
  remove: (ctx: RequestContext, id: number) =>
    records.remove(ctx, id, { after: followLogEntry(ctx, 'delete') }),

  /**
   * Restores a deleted outcome and its log entry (admins); 409 when its dose has been
   * recorded again since.
   */
  async restore(ctx: RequestContext, id: number) {
    try {
      return await records.restore(ctx, id, { after: followLogEntry(ctx, 'restore') });
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
      await ctx.audit.record({
        action: 'restore',
        entity: 'dose',
        entityId: id,
        patientId: await reads.patientOfRecord(ctx.db, id),
        outcome: 'failure',
      });
      throw conflict(doseTexts.slotTaken);
    }
  },
};

/** Served by clinical-common/record-routes.ts under /api/doses. */
export const dosesFeature = defineRecordFeature({
  input: doseInputSchema,
  service: dosesService,
  kind: records.kind,
  writeConflict: {
    schema: doseConflictSchema.describe(
      'The dose has an outcome already (already-recorded), or a PRN limit (prn-too-soon, prn-daily-limit)',
    ),
    description:
      'A scheduled dose has one outcome: recording it again (a second caregiver, a retried ' +
      "request) answers 409 with code 'already-recorded', the outcome's doseId and who " +
      'recorded it when. A PRN dose within the minimum interval of another, or beyond the ' +
      "maximum in 24 hours, answers 409 'prn-too-soon' or 'prn-daily-limit' with " +
      'nextAllowedAt. Nothing is written on a refusal.',
  },
});
