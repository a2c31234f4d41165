import { and, count, isNotNull, sql, type SQL } from 'drizzle-orm';
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
import type { RequestContext } from '../../auth/context.ts';
import { patientInRestoreScope, patientInScope } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { appointments, patients } from '../../db/schema/index.ts';
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

function selectDeleted(ctx: RequestContext, sources: DeletedSources, type: DeletedRecordType) {
  const source = sources[type];
  return ctx.db
    .select({
      type: sql<DeletedRecordType>`${type}::text`.as('type'),
      id: sql<number>`${source.id}`.as('id'),
      patientId: sql<number>`${source.patientId}`.as('patient_id'),
      patientName: sql<string>`${patientNameOf(source.patientId)}`.as('patient_name'),
      summary: sql<string>`${source.summary}`.as('summary'),
      recordDate: sql<string | null>`${source.recordDate}`.as('record_date'),
      deletedAt: sql<string>`${isoText(source.deletedAt)}`.as('deleted_at'),
    })
    .from(source.table)
    .where(source.where(ctx.user));
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
 * The soft-deleted records an admin may restore, most recently deleted first, of one type or
 * of all; one 'list' audit row (entity 'deleted-record').
 */
export async function listDeletedRecords(
  ctx: RequestContext,
  sources: DeletedSources,
  query: DeletedRecordsQuery,
): Promise<{ items: DeletedRecord[]; total: number }> {
  const types = query.type ? [query.type] : [...deletedRecordTypes];
  const [first, ...rest] = types.map((type) => selectDeleted(ctx, sources, type));
  const order = [sql`deleted_at desc`, sql`type`, sql`id desc`];
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
      .where(source.where(ctx.user));
    total += counted?.n ?? 0;
  }
  await ctx.audit.read({ action: 'list', entity: 'deleted-record' });
  return { items: rows.map((row) => toAnswer(row as DeletedRecord)), total };
}
