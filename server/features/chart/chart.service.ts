import { and, desc, eq, gte, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Chart, type VitalSeries } from '../../../shared/schemas/chart.ts';
import { SERIES_MAX, type SeriesSpan } from '../../../shared/constants.ts';
import { can, type Permission } from '../../../shared/permissions.ts';
import type { AllergyStatus } from '../../../shared/schemas/allergies.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import {
  allergies,
  conditions,
  patients,
  users,
  vitalSigns,
  vitalThresholds,
} from '../../db/schema/index.ts';
import { isoText, toJson, userNameOf, userRoleOf } from '../clinical-common/clinical-records.ts';
import { careTeamQuery, patientColumns, toCareTeamMember } from '../clinical-common/people.ts';
import { rangesFromRows, thresholdColumns } from '../clinical-common/vital-ranges.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { flatRows } from '../../lib/flat-rows.ts';

export { getTimeline } from './timeline.ts';

const readingColumns = {
  id: vitalSigns.id,
  // As text: a series is hundreds of readings, each otherwise a Date made and turned back.
  takenAt: isoText(vitalSigns.takenAt),
  systolic: vitalSigns.systolic,
  diastolic: vitalSigns.diastolic,
  pulse: vitalSigns.pulse,
  respiratoryRate: vitalSigns.respiratoryRate,
  temperatureC: vitalSigns.temperatureC,
  spo2: vitalSigns.spo2,
  glucoseMmolL: vitalSigns.glucoseMmolL,
  weightKg: vitalSigns.weightKg,
  pain: vitalSigns.pain,
};

/**
 * Newest first: the patient's index (patient, time, id) read backwards, so PostgreSQL reads it
 * in order and stops early.
 */
const newestFirst = (at: AnyPgColumn, id: AnyPgColumn) => [desc(at), desc(id)];

/** Whole years from a date of birth (YYYY-MM-DD) to `today`, both in UTC. */
export function ageOn(dob: string, today: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** The patient's active allergies, newest first. */
function activeAllergies(db: Executor, patientId: Placeholder) {
  return db
    .select({
      id: allergies.id,
      patientId: allergies.patientId,
      substance: allergies.substance,
      reaction: allergies.reaction,
      onset: allergies.onset,
      status: allergies.status,
      recordedBy: allergies.recordedBy,
      recordedByName: userNameOf(allergies.recordedBy),
      createdAt: allergies.createdAt,
      updatedAt: allergies.updatedAt,
    })
    .from(allergies)
    .where(
      and(
        eq(allergies.patientId, patientId),
        isNull(allergies.deletedAt),
        eq(allergies.status, 'active'),
      ),
    )
    .orderBy(...newestFirst(allergies.createdAt, allergies.id));
}

/** The patient's active conditions, newest first. */
function activeConditions(db: Executor, patientId: Placeholder) {
  return db
    .select({
      id: conditions.id,
      patientId: conditions.patientId,
      name: conditions.name,
      onset: conditions.onset,
      status: conditions.status,
      note: conditions.note,
      recordedBy: conditions.recordedBy,
      recordedByName: userNameOf(conditions.recordedBy),
      createdAt: conditions.createdAt,
      updatedAt: conditions.updatedAt,
    })
    .from(conditions)
    .where(
      and(
        eq(conditions.patientId, patientId),
        isNull(conditions.deletedAt),
        eq(conditions.status, 'active'),
      ),
    )
    .orderBy(...newestFirst(conditions.createdAt, conditions.id));
}

/** The newest live reading, answered as the vital-signs calls answer it. */
function lastReading(db: Executor, patientId: Placeholder) {
  return db
    .select({
      ...readingColumns,
      patientId: vitalSigns.patientId,
      note: vitalSigns.note,
      recordedBy: vitalSigns.recordedBy,
      recordedByName: userNameOf(vitalSigns.recordedBy),
      recordedByRole: userRoleOf(vitalSigns.recordedBy),
      createdAt: vitalSigns.createdAt,
      updatedAt: vitalSigns.updatedAt,
    })
    .from(vitalSigns)
    .where(and(eq(vitalSigns.patientId, patientId), isNull(vitalSigns.deletedAt)))
    .orderBy(...newestFirst(vitalSigns.takenAt, vitalSigns.id))
    .limit(1);
}

const patientIdParam = sql.placeholder('patientId');

/**
 * The chart's reads as prepared statements, built once per database handle (and, for the
 * patient with its scope, per kind of scope): built afresh on every request, composing the six
 * queries was a fifth of the chart's server time, and PostgreSQL planned each again.
 */
function chartReads(db: Executor, user: SessionUser) {
  const kind = scopeKind(user);
  const patient = preparedFor(db, `chart_patient_${kind}`, () =>
    db
      .select({ ...patientColumns, noKnownAllergiesAt: patients.noKnownAllergiesAt })
      .from(patients)
      .leftJoin(users, eq(users.id, patients.accountUserId))
      .where(
        and(
          eq(patients.id, patientIdParam),
          patientInScope(user, patients.id, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare(`chart_patient_${kind}`),
  );
  const parts = preparedFor(db, 'chart_parts', () => ({
    allergies: activeAllergies(db, patientIdParam).prepare('chart_allergies'),
    conditions: activeConditions(db, patientIdParam).prepare('chart_conditions'),
    careTeam: careTeamQuery(db, patientIdParam).prepare('chart_care_team'),
    ranges: db
      .select(thresholdColumns)
      .from(vitalThresholds)
      .where(eq(vitalThresholds.patientId, patientIdParam))
      .prepare('chart_ranges'),
    lastReading: lastReading(db, patientIdParam).prepare('chart_last_reading'),
  }));
  return { patient, ...parts };
}

/**
 * The chart's header for a patient in scope (404 otherwise, as everywhere): the patient, age,
 * allergy status, active allergies and conditions, care team, ranges and last reading (each
 * clinical part only for a caller who may read it). Two
 * round trips whatever the history: the patient (with the scope), then five independent reads
 * side by side. Audited as one 'read' of the patient.
 */
export async function getChart(ctx: RequestContext, patientId: number): Promise<Chart> {
  const reads = chartReads(ctx.db, ctx.user);
  const values = { patientId };
  const [row] = await reads.patient.execute({ patientId, userId: ctx.user.id });
  if (!row) return ctx.notFound({ entity: 'patient', entityId: patientId, patientId });
  const { noKnownAllergiesAt, ...patient } = row;
  const patientName = `${patient.firstName} ${patient.lastName}`;

  // The header holds only what the caller may read: a coordinator sees no clinical fact.
  const may = (permission: Permission) => can(ctx.user, permission);
  const [allergyRows, conditionRows, careTeamRows, rangeRows, [lastVitals = null]] =
    await Promise.all([
      may('allergies:read') ? reads.allergies.execute(values) : [],
      may('conditions:read') ? reads.conditions.execute(values) : [],
      reads.careTeam.execute(values),
      may('vital-signs:read') ? reads.ranges.execute(values) : null,
      may('vital-signs:read') ? reads.lastReading.execute(values) : [],
    ]);
  const allergyStatus: AllergyStatus | null = !may('allergies:read')
    ? null
    : allergyRows.length > 0
      ? 'recorded'
      : noKnownAllergiesAt
        ? 'none'
        : 'not-recorded';

  await ctx.audit.read({ action: 'read', entity: 'patient', entityId: patientId, patientId });
  return {
    patient: {
      ...patient,
      accountUsername: patient.accountUsername ?? null,
      createdAt: patient.createdAt.toISOString(),
      updatedAt: patient.updatedAt.toISOString(),
    },
    ageYears: ageOn(patient.dob, ctx.clock.now()),
    allergyStatus,
    allergies: allergyRows.map((r) => toJson<Chart['allergies'][number]>({ ...r, patientName })),
    conditions: conditionRows.map((r) =>
      toJson<Chart['conditions'][number]>({ ...r, patientName }),
    ),
    careTeam: careTeamRows.map(toCareTeamMember),
    ranges: rangeRows ? (rangesFromRows([patientId], rangeRows).get(patientId) ?? null) : null,
    lastVitals: lastVitals
      ? toJson<NonNullable<Chart['lastVitals']>>({ ...lastVitals, patientName })
      : null,
  };
}

const DAY_MS = 24 * 3600_000;

/**
 * The readings of a span (the last 7, 30 or 90 days by the server's clock, or all), oldest
 * first, at most SERIES_MAX of the newest: one statement that walks the patient's index newest
 * first and stops after SERIES_MAX + 1 rows. Audited as a list of the patient's readings.
 */
export async function getVitalSeries(
  ctx: RequestContext,
  patientId: number,
  days: SeriesSpan,
): Promise<VitalSeries> {
  const since = days === 'all' ? null : new Date(ctx.clock.now().getTime() - Number(days) * DAY_MS);
  const rows = await flatRows(
    ctx.db
      .select(readingColumns)
      .from(vitalSigns)
      .where(
        and(
          eq(vitalSigns.patientId, patientId),
          isNull(vitalSigns.deletedAt),
          since ? gte(vitalSigns.takenAt, since) : undefined,
          ctx.scope.where(vitalSigns.patientId),
        ),
      )
      .orderBy(...newestFirst(vitalSigns.takenAt, vitalSigns.id))
      .limit(SERIES_MAX + 1),
  );
  if (rows.length === 0) await ctx.scope.require(patientId, { entity: 'vital-sign' });
  await ctx.audit.read({ action: 'list', entity: 'vital-sign', patientId });
  return {
    readings: rows.slice(0, SERIES_MAX).reverse(),
    truncated: rows.length > SERIES_MAX,
  };
}
