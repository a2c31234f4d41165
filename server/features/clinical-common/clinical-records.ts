import {
  and,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { deletedRecordTexts } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { careTeamMembers, patients, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import {
  likePattern,
  oneColumn,
  preparedBoundedCount,
  preparedPageTotal,
  type Page,
} from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import { patientInRestoreScope, patientInScope, scopeKind } from '../../auth/scope.ts';
import { currentUser } from '../../plugins/access.ts';
import { auditDenied, auditedChange, auditRead } from '../../plugins/request-audit.ts';
import { type AuditAction } from '../../audit/audit.ts';
import type { SessionUser } from '../../auth/sessions.ts';

/** The audit entity of each clinical record type. */
export type ClinicalEntity = 'medical-record' | 'progress-report' | 'prescription' | 'medication';

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
type NewRow<T extends ClinicalTable> = T['$inferInsert'];

/** How one clinical record type is stored and answered. */
export interface RecordKind<T extends ClinicalTable> {
  entity: ClinicalEntity;
  table: T;
  /** The answer's columns, with names beside the ids (see patientNameOf / userNameOf). */
  fields: SelectedFields;
  /** Order of every list: newest first, with a unique tie-breaker. */
  newestFirst: SQL[];
  /** Text columns that `q` searches, besides the patient's name. */
  searchable: AnyPgColumn[];
}

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

/** `First Last` of a patient, beside a patient id. */
export const patientNameOf = (patientId: AnyPgColumn) =>
  sql<string>`coalesce((select p.first_name || ' ' || p.last_name from patients p where p.id = ${patientId}), '')`;

/** `First Second` of a user, beside a doctor, caregiver or recorder id. */
export const userNameOf = (userId: AnyPgColumn) =>
  sql<string>`coalesce((select u.first_name || ' ' || u.second_name from users u where u.id = ${userId}), '')`;

/** The stored role of a user (doctor, caregiver...). */
export const userRoleOf = (userId: AnyPgColumn) =>
  sql<string>`coalesce((select u.role from users u where u.id = ${userId}), '')`;

/** Timestamps leave as ISO 8601 strings, as the response schemas say. */
function toJson(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Writes the refusal's audit row (outside any transaction, so it stays) and answers 403. */
export async function refuse(
  request: FastifyRequest,
  entity: ClinicalEntity,
  entityId?: number,
): Promise<never> {
  await auditRead(request, { action: 'denied', entity, entityId, outcome: 'denied' });
  throw forbidden();
}

/** Writes a failed attempt's audit row and answers 404, exactly as for a missing record. */
async function missing(
  request: FastifyRequest,
  action: AuditAction,
  entity: ClinicalEntity,
  entityId?: number,
): Promise<never> {
  await auditRead(request, { action, entity, entityId, outcome: 'failure' });
  throw notFound();
}

/** Lists by a person (`/doctor/{id}`, `/caregiver/{id}`): one's own, or anyone's for a supervisor. */
export async function assertSelfOrSupervisor(
  request: FastifyRequest,
  entity: ClinicalEntity,
  userId: number,
): Promise<void> {
  const user = currentUser(request);
  if (user.id === userId || can(user, 'patients:read-all')) return;
  await refuse(request, entity);
}

/** A referenced doctor or caregiver must be an active account of that role (else 400 on the field). */
export async function assertActiveUser(
  db: Executor,
  userId: number,
  role: 'doctor' | 'caregiver',
  field: string,
  message: string,
): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, role), eq(users.isActive, true)))
    .limit(1);
  if (!row) throw badRequest({ [field]: message }, message);
}

/** The active members of a patient's care team with the given role, except one user. */
export async function careTeamOf(
  db: Executor,
  patientId: number,
  role: 'doctor' | 'caregiver',
  exceptUserId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(careTeamMembers)
    .innerJoin(users, eq(users.id, careTeamMembers.userId))
    .where(
      and(
        eq(careTeamMembers.patientId, patientId),
        eq(users.role, role),
        eq(users.isActive, true),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** A patient's display name, for notification texts. */
export async function patientDisplayName(db: Executor, patientId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : `#${patientId}`;
}

/**
 * The one mechanism behind medical records, progress reports, prescriptions and medication:
 * every query carries the caller's patient scope (out of scope answers 404 like a missing id),
 * deletes are soft, every read, list, change and refusal leaves one audit row, and a change
 * commits together with its audit row and its notifications.
 */
export function clinicalRecords<T extends ClinicalTable, TAnswer>(kind: RecordKind<T>) {
  const table = kind.table as T & PgTable;
  const { entity } = kind;

  const visible = (user: SessionUser, userId: number | Placeholder = user.id): SQL =>
    and(isNull(table.deletedAt), patientInScope(user, table.patientId, userId))!;

  const search = (pattern: Placeholder): SQL | undefined =>
    or(
      ilike(patientNameOf(table.patientId), pattern),
      ...kind.searchable.map((column) => ilike(column, pattern)),
    );

  /** A list's page and bounded count, built once per scope kind, filter shape and search. */
  function listStatements(
    db: Executor,
    user: SessionUser,
    filter: ListFilter | undefined,
    q: boolean,
  ) {
    const key = `${entity}_${scopeKind(user)}_${filter?.shape ?? 'all'}_${q ? 'search' : 'plain'}`;
    return preparedFor(db, `clinical_${key}`, () => {
      const where = and(
        visible(user, sql.placeholder('userId')),
        filter?.where(sql.placeholder('value')),
        q ? search(sql.placeholder('pattern')) : undefined,
      );
      const name = key.replace(/\W/g, '_');
      return {
        page: db
          .select(kind.fields)
          .from(table as PgTable)
          .where(where)
          .orderBy(...kind.newestFirst)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`clinical_page_${name}`),
        count: preparedBoundedCount(
          db,
          db
            .select(oneColumn)
            .from(table as PgTable)
            .where(where)
            .$dynamic(),
          `clinical_count_${name}`,
        ),
      };
    });
  }

  async function answers(db: Executor, where: SQL, page?: ListQuery): Promise<TAnswer[]> {
    let query = db
      .select(kind.fields)
      .from(table as PgTable)
      .where(where)
      .orderBy(...kind.newestFirst)
      .$dynamic();
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query;
    return rows.map((row) => toJson(row as Record<string, unknown>) as TAnswer);
  }

  async function answerFor(db: Executor, user: SessionUser, id: number): Promise<TAnswer> {
    const [answer] = await answers(db, and(eq(table.id, id), visible(user))!);
    if (!answer) throw notFound();
    return answer;
  }

  async function storedInScope(
    db: Executor,
    user: SessionUser,
    id: number,
  ): Promise<StoredRow<T> | undefined> {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), visible(user)))
      .limit(1);
    return row as StoredRow<T> | undefined;
  }

  async function patientVisible(db: Executor, user: SessionUser, patientId: number) {
    const [row] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.id, patientId),
          isNull(patients.deletedAt),
          patientInScope(user, patients.id),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** The record in scope for a change, or 404; then the feature's own rule, or 403. */
  async function existingForChange(
    request: FastifyRequest,
    action: AuditAction,
    id: number,
    options: ChangeOptions<T>,
  ): Promise<StoredRow<T>> {
    const user = currentUser(request);
    const existing = await storedInScope(request.server.db, user, id);
    if (!existing) return missing(request, action, entity, id);
    if (options.authorize && !options.authorize(existing, user)) {
      return refuse(request, entity, id);
    }
    return existing;
  }

  /**
   * Lists the records in the caller's scope (and the filter), newest first; one 'list' audit row.
   * For one patient's list (`filter.patientId`), an empty answer checks that the patient is in
   * scope (404 otherwise): rows in the answer already prove it, so no extra query is needed.
   */
  async function list(
    request: FastifyRequest,
    query: ListQuery,
    filter?: ListFilter,
  ): Promise<Page<TAnswer>> {
    const user = currentUser(request);
    const db = request.server.db;
    const statements = listStatements(db, user, filter, Boolean(query.q));
    const values = {
      userId: user.id,
      value: filter?.value,
      pattern: query.q ? likePattern(query.q) : '',
      limit: query.limit,
      offset: query.offset,
    };
    const rows = await statements.page.execute(values);
    const items = rows.map((row) => toJson(row as Record<string, unknown>) as TAnswer);
    if (
      items.length === 0 &&
      filter?.patientId !== undefined &&
      !(await patientVisible(db, user, filter.patientId))
    ) {
      return missing(request, 'list', entity);
    }
    const { total, capped } = await preparedPageTotal(
      statements.count,
      values,
      items.length,
      query.count,
    );
    await auditRead(request, { action: 'list', entity, patientId: filter?.patientId ?? null });
    return { items, total, capped };
  }

  return {
    kind,
    list,

    /** One patient's records; a patient outside the caller's scope answers 404. */
    async listForPatient(
      request: FastifyRequest,
      patientId: number,
      query: ListQuery,
    ): Promise<Page<TAnswer>> {
      return list(request, query, {
        shape: 'patient',
        where: (value) => eq(table.patientId, value),
        value: patientId,
        patientId,
      });
    },

    /** One record in scope, or 404. */
    async get(request: FastifyRequest, id: number): Promise<TAnswer> {
      const user = currentUser(request);
      const [answer] = await answers(request.server.db, and(eq(table.id, id), visible(user))!);
      if (!answer) return missing(request, 'read', entity, id);
      const patientId = (answer as { patientId?: number }).patientId ?? null;
      await auditRead(request, { action: 'read', entity, entityId: id, patientId });
      return answer;
    },

    /** Adds a record for a patient in the caller's scope (else 404). */
    async create(
      request: FastifyRequest,
      values: NewRow<T> & { patientId: number },
      options: Pick<ChangeOptions<T>, 'after'> = {},
    ): Promise<TAnswer> {
      const user = currentUser(request);
      if (!(await patientVisible(request.server.db, user, values.patientId))) {
        return missing(request, 'create', entity);
      }
      const now = request.server.clock.now();
      const row = await auditedChange(
        request,
        async (tx) => {
          const [inserted] = (await tx
            .insert(table)
            .values({ ...values, createdAt: now, updatedAt: now } as NewRow<T>)
            .returning()) as unknown as StoredRow<T>[];
          await options.after?.(tx, inserted!, null);
          return inserted!;
        },
        (inserted) => ({
          action: 'create',
          entity,
          entityId: inserted.id,
          patientId: inserted.patientId,
        }),
      );
      return answerFor(request.server.db, user, row.id);
    },

    /** Changes a record in scope (else 404); moving it to another patient needs that one in scope. */
    async update(
      request: FastifyRequest,
      id: number,
      values: Partial<NewRow<T>> & { patientId?: number },
      options: ChangeOptions<T> = {},
    ): Promise<TAnswer> {
      const user = currentUser(request);
      const db = request.server.db;
      const existing = await existingForChange(request, 'update', id, options);
      if (
        values.patientId !== undefined &&
        values.patientId !== existing.patientId &&
        !(await patientVisible(db, user, values.patientId))
      ) {
        return missing(request, 'update', entity, id);
      }
      const now = request.server.clock.now();
      const row = await auditedChange(
        request,
        async (tx) => {
          const [updated] = (await tx
            .update(table)
            .set({ ...values, updatedAt: now } as never)
            .where(and(eq(table.id, id), isNull(table.deletedAt)))
            .returning()) as unknown as StoredRow<T>[];
          if (!updated) throw notFound();
          await options.after?.(tx, updated, existing);
          return updated;
        },
        (updated) => ({ action: 'update', entity, entityId: id, patientId: updated.patientId }),
      );
      return answerFor(db, user, row.id);
    },

    /** Soft-deletes a record in scope (else 404): it leaves every list and stays restorable. */
    async remove(request: FastifyRequest, id: number, options: ChangeOptions<T> = {}) {
      const existing = await existingForChange(request, 'delete', id, options);
      const now = request.server.clock.now();
      await auditedChange(
        request,
        async (tx) => {
          const [deleted] = (await tx
            .update(table)
            // updatedAt stays: it dates the last change of the content, and a restore brings
            // the record back exactly as it was. When it was deleted is deleted_at (and audit).
            .set({ deletedAt: now } as never)
            .where(and(eq(table.id, id), isNull(table.deletedAt)))
            .returning()) as unknown as StoredRow<T>[];
          if (!deleted) throw notFound();
          await options.after?.(tx, deleted, existing);
          return deleted;
        },
        () => ({ action: 'delete', entity, entityId: id, patientId: existing.patientId }),
      );
    },

    /**
     * Brings a soft-deleted record back exactly as it was (admins, `records:restore`). The
     * admin's scope is the agency (admins hold `patients:read-all`; a patient account only its
     * own record). 404 for an unknown or out-of-scope id, 409 when the record is not deleted
     * or its patient is (restore the patient first).
     */
    async restore(
      request: FastifyRequest,
      id: number,
      options: Pick<ChangeOptions<T>, 'after'> = {},
    ): Promise<TAnswer> {
      const user = currentUser(request);
      const db = request.server.db;
      const [found] = await db
        .select({
          patientId: table.patientId,
          deletedAt: table.deletedAt,
          inScope: sql<boolean>`${patientInRestoreScope(user, table.patientId)}`,
          patientLive: sql<boolean>`exists (select 1 from patients p where p.id = ${table.patientId} and p.deleted_at is null)`,
        })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .limit(1);
      if (!found) return missing(request, 'restore', entity, id);
      const patientId = found.patientId as number;
      if (!found.inScope) {
        await auditDenied(request, { entity, entityId: id, patientId });
        throw notFound();
      }
      const refusal =
        found.deletedAt === null
          ? deletedRecordTexts.notDeleted
          : !found.patientLive
            ? deletedRecordTexts.patientDeleted
            : null;
      if (refusal) {
        await auditRead(request, {
          action: 'restore',
          entity,
          entityId: id,
          patientId,
          outcome: 'failure',
        });
        throw conflict(refusal);
      }
      await auditedChange(
        request,
        async (tx) => {
          const [restored] = (await tx
            .update(table)
            .set({ deletedAt: null } as never)
            .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
            .returning()) as unknown as StoredRow<T>[];
          // Restored by someone else in the meantime: nothing to do, and no audit row.
          if (!restored) throw conflict(deletedRecordTexts.notDeleted);
          await options.after?.(tx, restored, null);
          return restored;
        },
        () => ({ action: 'restore', entity, entityId: id, patientId }),
      );
      return answerFor(db, user, id);
    },
  };
}

export type ClinicalRecords<T extends ClinicalTable, TAnswer> = ReturnType<
  typeof clinicalRecords<T, TAnswer>
>;
