import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ClinicalRecordType } from '../../../shared/record-types.ts';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../auth/sessions.ts';

/** The audit entity of each clinical record type: its type in shared/record-types.ts. */
export type ClinicalEntity = ClinicalRecordType;

/** The columns every clinical table has: an id, its patient, and soft-delete bookkeeping. */
export type ClinicalTable = PgTable & {
  id: AnyPgColumn;
  patientId: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

/** A stored row as the database holds it (all columns). */
export type StoredRow<T extends ClinicalTable> = T['$inferSelect'] & {
  id: number;
  patientId: number;
};
export type NewRow<T extends ClinicalTable> = T['$inferInsert'];

/** The name of one of a table's columns, as Drizzle's rows spell it. */
export type ColumnKey<T extends ClinicalTable> = Extract<keyof T['$inferInsert'], string>;

/** How one clinical record type is stored and answered. */
export interface RecordKind<
  T extends ClinicalTable,
  TAnswer = unknown,
  R extends ColumnKey<T> = ColumnKey<T>,
> {
  type: ClinicalRecordType;
  table: T;
  /** The answer's schema (shared/schemas): the route declares it, so other columns never leave. */
  answer: z.ZodType<TAnswer>;
  /**
   * The answer's own columns, with names beside the ids (see patientNameOf / userNameOf);
   * `recordedBy` and `recordedByName` are added for every type.
   */
  fields: SelectedFields;
  /** Order of every list: newest first, with a unique tie-breaker. */
  newestFirst: SQL[];
  /**
   * The record's own date (a visit's day, a reading's time): lists sort by it and filter on a
   * range of its days. A kind without one (a care plan's ordered tasks) offers neither.
   */
  dated?: AnyPgColumn;
  /** Text columns that `q` searches, besides the patient's name. */
  searchable: AnyPgColumn[];
  /** The column that keeps who entered the record: the signed-in user, set once on create. */
  recorder: R;
  /**
   * The clinician a record is in the name of, when its form names one: an active user of that
   * role, and, unless it is the caller, a member of the patient's care team.
   */
  named?: { key: ColumnKey<T>; role: 'doctor' | 'caregiver' };
  /** Its row on the admin's Deleted Records screen: a short label and the record's own date. */
  deleted: { summary: SQL; recordDate: SQL };
}

/** What other features read of a kind: its type, its table and its Deleted Records row. */
export type StoredKind = Pick<RecordKind<ClinicalTable>, 'type' | 'table' | 'deleted' | 'dated'> & {
  /** The role of the clinician the record names, when it names one (its lists filter by them). */
  named?: { role: 'doctor' | 'caregiver' };
};

/** Runs inside the change's transaction: notifications, derived columns. */
export type AfterChange<T extends ClinicalTable> = (
  tx: Tx,
  row: StoredRow<T>,
  before: StoredRow<T> | null,
) => Promise<void>;

export interface ChangeOptions<T extends ClinicalTable> {
  /** False refuses the change (403, audited, nothing changed); the record is already in scope. */
  authorize?: (existing: StoredRow<T>, user: SessionUser) => boolean;
  after?: AfterChange<T>;
  /**
   * The `after` hook of an add leaves the record's answered columns as inserted (it writes
   * other rows: notices, audit rows), so the add answers from its insert instead of reading
   * the record again.
   */
  keepsRow?: boolean;
}

/**
 * Narrows a list to one person's records. The condition is written on a placeholder, so the
 * list's statements are prepared once per filter shape and only `value` travels per request.
 */
export interface ListFilter {
  /** Names the filter's shape in the prepared statement's name ('patient', 'doctor'...). */
  shape: string;
  where: (value: Placeholder) => SQL | undefined;
  value: number;
  /** Set when the list is one patient's: for the audit row and the 404 of an unseen patient. */
  patientId?: number;
}

/** A column of a clinical table by its name. */
export const columnOf = <T extends ClinicalTable>(table: T, key: ColumnKey<T>): AnyPgColumn =>
  (table as unknown as Record<string, AnyPgColumn>)[key]!;

/** `First Last` of a patient, beside a patient id. */
export const patientNameOf = (patientId: AnyPgColumn) =>
  sql<string>`coalesce((select p.first_name || ' ' || p.last_name from patients p where p.id = ${patientId}), '')`;

/** `First Second` of a user, beside a doctor, caregiver or recorder id. */
export const userNameOf = (userId: AnyPgColumn | SQL) =>
  sql<string>`coalesce((select u.first_name || ' ' || u.second_name from users u where u.id = ${userId}), '')`;

/** The stored role of a user (doctor, caregiver...). */
export const userRoleOf = (userId: AnyPgColumn) =>
  sql<string>`coalesce((select u.role from users u where u.id = ${userId}), '')`;

/** An instant as the API answers it (UTC ISO 8601), the same on PGlite and PostgreSQL. */
export const isoText = (column: AnyPgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An instant as epoch milliseconds (a float8 the drivers hand over as a number), for instants
 * the server computes with rather than answers: no date text formatted in PostgreSQL and parsed
 * again here.
 */
export const epochMs = (column: AnyPgColumn | SQL) =>
  sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

/** Timestamps leave as ISO 8601 strings, as the response schemas say. */
export function toJson<TAnswer>(row: Record<string, unknown>): TAnswer {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as TAnswer;
}
