import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import { formatDate } from '../../../shared/format.ts';
import { deletedRecordTexts } from '../../../shared/messages.ts';
import { clinicalRecordTypeNames, type ClinicalRecordType } from '../../../shared/record-types.ts';
import {
  deletedRecordTypes,
  type DeletedRecord,
  type DeletedRecordType,
  type DeletedRecordsQuery,
} from '../../../shared/schemas/deleted-records.ts';
import { localDateRange } from '../../../shared/visit-rules.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInRestoreScope, patientInScope } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { appointments, patients } from '../../db/schema/index.ts';
import { loadAgencySettings } from '../clinical-common/agency-settings.ts';
import { isoText, patientNameOf, type StoredKind } from '../clinical-common/clinical-records.ts';

/** How one kind of record appears in the list: its table, its columns and who may see it. */
interface Source {
  table: PgTable;
  id: AnyPgColumn;
  patientId: AnyPgColumn;
  deletedAt: AnyPgColumn;
  /** The short label's raw text (see toAnswer). */
  summary: SQL;
  recordDate: SQL;
  /** Deleted, and of a patient in the admin's scope. */
  where(user: SessionUser): SQL;
}

export type DeletedSources = Record<DeletedRecordType, Source>;

// A record of a deleted patient is not listed: it could not be seen even once restored. It
// appears when its patient is restored. Deleted patients themselves are in the restore scope.
const ofLivePatient = (
  table: PgTable & { id: AnyPgColumn; patientId: AnyPgColumn; deletedAt: AnyPgColumn },
): Omit<Source, 'summary' | 'recordDate'> => ({
  table,
  id: table.id,
  patientId: table.patientId,
  deletedAt: table.deletedAt,
  where: (user) => and(isNotNull(table.deletedAt), patientInScope(user, table.patientId))!,
});

/**
 * Every type of the registry as the list reads it: patients and appointments here, each
 * clinical type from its own kind (its table and short label), so a new type adds no line here.
 */
export function deletedSources(kinds: StoredKind[]): DeletedSources {
  const clinical = Object.fromEntries(
    kinds.map((kind) => [kind.type, { ...ofLivePatient(kind.table), ...kind.deleted }]),
  ) as Record<ClinicalRecordType, Source>;
  const missing = clinicalRecordTypeNames.filter((type) => !clinical[type]);
  if (missing.length > 0) throw new Error(`No deleted-records source for ${missing.join(', ')}`);
  return {
    patient: {
      table: patients,
      id: patients.id,
      patientId: patients.id,
      deletedAt: patients.deletedAt,
      summary: sql`${patients.dob}::text`,
      recordDate: sql`null::text`,
      where: (user) =>
        and(isNotNull(patients.deletedAt), patientInRestoreScope(user, patients.id))!,
    },
    appointment: {
      ...ofLivePatient(appointments),
      summary: sql`${appointments.location}`,
      recordDate: isoText(appointments.appointmentDate),
    },
    ...clinical,
  };
}

/** What narrows the list besides the source's own rule: a patient and a span of deletion. */
interface Narrowing {
  patientId?: number;
  /** Deleted at or after. */
  start?: Date;
  /** Deleted before. */
  end?: Date;
}

/** Deleted, in the admin's scope, and within the filters. */
function whereOf(source: Source, user: SessionUser, narrowing: Narrowing): SQL {
  return and(
    source.where(user),
    narrowing.patientId === undefined ? undefined : eq(source.patientId, narrowing.patientId),
    narrowing.start ? gte(source.deletedAt, narrowing.start) : undefined,
    narrowing.end ? lt(source.deletedAt, narrowing.end) : undefined,
  )!;
}

function selectDeleted(
  ctx: RequestContext,
  sources: DeletedSources,
  type: DeletedRecordType,
  narrowing: Narrowing,
) {
  const source = sources[type];
  return ctx.db
    .select({
      // The texts the list sorts by compare byte by byte ("C"): one order on every database.
      type: sql<DeletedRecordType>`${type}::text collate "C"`.as('type'),
      id: sql<number>`${source.id}`.as('id'),
      patientId: sql<number>`${source.patientId}`.as('patient_id'),
      patientName: sql<string>`${patientNameOf(source.patientId)}`.as('patient_name'),
      summary: sql<string>`${source.summary}`.as('summary'),
      recordDate: sql<string | null>`(${source.recordDate}) collate "C"`.as('record_date'),
      deletedAt: sql<string>`(${isoText(source.deletedAt)}) collate "C"`.as('deleted_at'),
    })
    .from(source.table)
    .where(whereOf(source, ctx.user, narrowing));
}

/**
 * The list's order, on the union's own columns (only these fixed texts reach SQL). Each ends
 * with the type and the id, which name one record, so paging neither repeats nor skips one.
 * Times are ISO texts of one width, so they sort as the instants they write. Record dates are
 * either a day or an instant (a day sorts at its start); patients have none and come last
 * both ways.
 */
function orderOf(sort: DeletedRecordsQuery['sort']): SQL[] {
  const dir = sort.descending ? sql.raw('desc') : sql.raw('asc');
  const orders: Record<typeof sort.column, SQL[]> = {
    deletedAt: [sql`deleted_at ${dir}`, sql`type`, sql`id ${dir}`],
    recordDate: [sql`record_date ${dir} nulls last`, sql`type`, sql`id ${dir}`],
    type: [sql`type ${dir}`, sql`deleted_at desc`, sql`id desc`],
  };
  return orders[sort.column];
}

/** The instants of the asked days of deletion, read in the agency's time zone. */
async function deletionSpan(
  ctx: RequestContext,
  query: DeletedRecordsQuery,
): Promise<Pick<Narrowing, 'start' | 'end'>> {
  if (!query.from && !query.to) return {};
  const { timeZone } = await loadAgencySettings(ctx.db);
  return {
    start: query.from ? localDateRange(query.from, query.from, timeZone).start : undefined,
    end: query.to ? localDateRange(query.to, query.to, timeZone).end : undefined,
  };
}

const SUMMARY_LENGTH = 100;

/** A short label: a patient's date of birth, otherwise the record's own text cut to length. */
function toAnswer(row: DeletedRecord): DeletedRecord {
  let summary = row.summary ?? '';
  if (row.type === 'patient') summary = deletedRecordTexts.patientSummary(formatDate(summary));
  else if (summary.length > SUMMARY_LENGTH) summary = `${summary.slice(0, SUMMARY_LENGTH - 1)}…`;
  return { ...row, id: Number(row.id), patientId: Number(row.patientId), summary };
}

/**
 * The soft-deleted records an admin may restore, most recently deleted first unless asked
 * otherwise, of one type or of all, of one patient, deleted within some days; one 'list' audit
 * row (entity 'deleted-record').
 */
export async function listDeletedRecords(
  ctx: RequestContext,
  sources: DeletedSources,
  query: DeletedRecordsQuery,
): Promise<{ items: DeletedRecord[]; total: number }> {
  const narrowing: Narrowing = { patientId: query.patientId, ...(await deletionSpan(ctx, query)) };
  const types = query.type ? [query.type] : [...deletedRecordTypes];
  const [first, ...rest] = types.map((type) => selectDeleted(ctx, sources, type, narrowing));
  const order = orderOf(query.sort);
  const rows =
    rest.length === 0
      ? await first!
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset)
      : await unionAll(first!, rest[0]!, ...rest.slice(1))
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset);
  let total = 0;
  for (const type of types) {
    const source = sources[type];
    const [counted] = await ctx.db
      .select({ n: count() })
      .from(source.table)
      .where(whereOf(source, ctx.user, narrowing));
    total += counted?.n ?? 0;
  }
  await ctx.audit.read({ action: 'list', entity: 'deleted-record' });
  return { items: rows.map((row) => toAnswer(row as DeletedRecord)), total };
}
