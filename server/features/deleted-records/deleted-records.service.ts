import { and, count, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { formatDate } from '../../../shared/format.ts';
import { deletedRecordTexts } from '../../../shared/messages.ts';
import {
  deletedRecordTypes,
  type DeletedRecord,
  type DeletedRecordType,
  type DeletedRecordsQuery,
} from '../../../shared/schemas/deleted-records.ts';
import {
  appointments,
  medicalRecords,
  medications,
  patients,
  prescriptions,
  progressReports,
} from '../../db/schema/index.ts';
import { patientInRestoreScope, patientInScope } from '../../auth/scope.ts';
import { currentUser } from '../../plugins/access.ts';
import { auditRead } from '../../plugins/request-audit.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { patientNameOf } from '../clinical-common/clinical-records.ts';

/** An instant as the API answers it (UTC ISO 8601), the same on PGlite and PostgreSQL. */
const iso = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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

// A record of a deleted patient is not listed: it could not be seen even once restored. It
// appears when its patient is restored. Deleted patients themselves are in the restore scope.
const clinical = (t: {
  id: AnyPgColumn;
  patientId: AnyPgColumn;
  deletedAt: AnyPgColumn;
}): Pick<Source, 'id' | 'patientId' | 'deletedAt' | 'where'> => ({
  id: t.id,
  patientId: t.patientId,
  deletedAt: t.deletedAt,
  where: (user) => and(isNotNull(t.deletedAt), patientInScope(user, t.patientId))!,
});

const sources: Record<DeletedRecordType, Source> = {
  patient: {
    table: patients,
    id: patients.id,
    patientId: patients.id,
    deletedAt: patients.deletedAt,
    summary: sql`${patients.dob}::text`,
    recordDate: sql`null::text`,
    where: (user) => and(isNotNull(patients.deletedAt), patientInRestoreScope(user, patients.id))!,
  },
  appointment: {
    table: appointments,
    ...clinical(appointments),
    summary: sql`${appointments.location}`,
    recordDate: iso(appointments.appointmentDate),
  },
  'medical-record': {
    table: medicalRecords,
    ...clinical(medicalRecords),
    summary: sql`${medicalRecords.diagnosis}`,
    recordDate: iso(medicalRecords.dateOfVisit),
  },
  'progress-report': {
    table: progressReports,
    ...clinical(progressReports),
    summary: sql`${progressReports.reportId} || ': ' || ${progressReports.summary}`,
    recordDate: iso(progressReports.date),
  },
  prescription: {
    table: prescriptions,
    ...clinical(prescriptions),
    summary: sql`case when ${prescriptions.medication} = '' then ${prescriptions.details}
      else trim(${prescriptions.medication} || ' ' || ${prescriptions.dosage}) end`,
    recordDate: sql`${prescriptions.date}::text`,
  },
  medication: {
    table: medications,
    ...clinical(medications),
    summary: sql`${medications.details}`,
    recordDate: iso(medications.date),
  },
};

function selectDeleted(request: FastifyRequest, type: DeletedRecordType, user: SessionUser) {
  const source = sources[type];
  return request.server.db
    .select({
      type: sql<DeletedRecordType>`${type}::text`.as('type'),
      id: sql<number>`${source.id}`.as('id'),
      patientId: sql<number>`${source.patientId}`.as('patient_id'),
      patientName: sql<string>`${patientNameOf(source.patientId)}`.as('patient_name'),
      summary: sql<string>`${source.summary}`.as('summary'),
      recordDate: sql<string | null>`${source.recordDate}`.as('record_date'),
      deletedAt: sql<string>`${iso(source.deletedAt)}`.as('deleted_at'),
    })
    .from(source.table)
    .where(source.where(user));
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
  request: FastifyRequest,
  query: DeletedRecordsQuery,
): Promise<{ items: DeletedRecord[]; total: number }> {
  const user = currentUser(request);
  const db = request.server.db;
  const types = query.type ? [query.type] : [...deletedRecordTypes];
  const [first, ...rest] = types.map((type) => selectDeleted(request, type, user));
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
    const [counted] = await db.select({ n: count() }).from(source.table).where(source.where(user));
    total += counted?.n ?? 0;
  }
  await auditRead(request, { action: 'list', entity: 'deleted-record' });
  return { items: rows.map((row) => toAnswer(row as DeletedRecord)), total };
}
