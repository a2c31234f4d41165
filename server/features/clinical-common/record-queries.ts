import { and, eq, ilike, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../../shared/schemas/common.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  likePattern,
  oneColumn,
  preparedBoundedCount,
  preparedPageTotal,
  type Page,
} from '../../lib/list.ts';
import { preparedFor } from '../../lib/prepared.ts';
import {
  columnOf,
  patientNameOf,
  toJson,
  userNameOf,
  type ClinicalTable,
  type ColumnKey,
  type ListFilter,
  type RecordKind,
} from './record-kind.ts';

/**
 * The reads of one clinical record type: every query carries the caller's patient scope, and
 * out of scope answers exactly like a missing id (ctx.notFound).
 */
export function recordReads<T extends ClinicalTable, TAnswer, R extends ColumnKey<T>>(
  kind: RecordKind<T, TAnswer, R>,
) {
  const table = kind.table as T & PgTable;
  const entity = kind.type;
  const recorder = columnOf(table, kind.recorder);
  const fields = {
    ...kind.fields,
    recordedBy: recorder,
    recordedByName: userNameOf(recorder),
  };

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
          .select(fields)
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

  async function answerWhere(db: Executor, where: SQL): Promise<TAnswer | undefined> {
    const [row] = await db
      .select(fields)
      .from(table as PgTable)
      .where(where)
      .limit(1);
    return row ? toJson<TAnswer>(row as Record<string, unknown>) : undefined;
  }

  /** The patient a record belongs to, whatever the caller's scope and the record's state. */
  async function patientOfRecord(db: Executor, id: number): Promise<number | null> {
    const [row] = await db
      .select({ patientId: table.patientId })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    return (row?.patientId as number | undefined) ?? null;
  }

  /** 404 for a record the caller cannot see; a real record's patient gets the 'denied' row. */
  async function notFoundRecord(ctx: RequestContext, id: number): Promise<never> {
    return ctx.notFound({ entity, entityId: id, patientId: await patientOfRecord(ctx.db, id) });
  }

  /** The answer for a record the caller has just changed (it is in scope). */
  async function answerFor(ctx: RequestContext, id: number): Promise<TAnswer> {
    const answer = await answerWhere(ctx.db, and(eq(table.id, id), visible(ctx.user))!);
    if (!answer) throw notFound();
    return answer;
  }

  /**
   * Lists the records in the caller's scope (and the filter), newest first; one 'list' audit row.
   * For one patient's list (`filter.patientId`), an empty answer checks that the patient is in
   * scope (404 otherwise): rows in the answer already prove it, so no extra query is needed.
   */
  async function list(
    ctx: RequestContext,
    query: ListQuery,
    filter?: ListFilter,
  ): Promise<Page<TAnswer>> {
    const statements = listStatements(ctx.db, ctx.user, filter, Boolean(query.q));
    const values = {
      userId: ctx.user.id,
      value: filter?.value,
      pattern: query.q ? likePattern(query.q) : '',
      limit: query.limit,
      offset: query.offset,
    };
    const rows = await statements.page.execute(values);
    const items = rows.map((row) => toJson<TAnswer>(row as Record<string, unknown>));
    if (items.length === 0 && filter?.patientId !== undefined) {
      await ctx.scope.require(filter.patientId, { entity });
    }
    const { total, capped } = await preparedPageTotal(
      statements.count,
      values,
      items.length,
      query.count,
    );
    await ctx.audit.read({ action: 'list', entity, patientId: filter?.patientId ?? null });
    return { items, total, capped };
  }

  return {
    table,
    visible,
    patientOfRecord,
    notFoundRecord,
    answerFor,
    list,

    /** One patient's records; a patient outside the caller's scope answers 404. */
    listForPatient(ctx: RequestContext, patientId: number, query: ListQuery) {
      return list(ctx, query, {
        shape: 'patient',
        where: (value) => eq(table.patientId, value),
        value: patientId,
        patientId,
      });
    },

    /** One record in scope, or 404. */
    async get(ctx: RequestContext, id: number): Promise<TAnswer> {
      const answer = await answerWhere(ctx.db, and(eq(table.id, id), visible(ctx.user))!);
      if (!answer) return notFoundRecord(ctx, id);
      const patientId = (answer as { patientId?: number }).patientId ?? null;
      await ctx.audit.read({ action: 'read', entity, entityId: id, patientId });
      return answer;
    },
  };
}

export type RecordReads<T extends ClinicalTable, TAnswer> = ReturnType<
  typeof recordReads<T, TAnswer, ColumnKey<T>>
>;
