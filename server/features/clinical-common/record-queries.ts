import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  isNull,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgTable, type SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { fromDateTimeLocal } from '../../../shared/format.ts';
import type { RecordListQuery } from '../../../shared/schemas/clinical.ts';
import type { RequestContext } from '../../auth/context.ts';
import { patientInScope, scopeKind } from '../../auth/scope.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Executor } from '../../db/client.ts';
import { patients, users } from '../../db/schema/index.ts';
import { readerTimeZone } from './reader-zone.ts';
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
  type StoredRow,
} from './record-kind.ts';

/** What a list's statements depend on besides the caller's scope and the path's filter. */
interface ListShape {
  q: boolean;
  sort: RecordListQuery['sort'];
  patient: boolean;
  person: boolean;
  from: boolean;
  to: boolean;
}

/** The day after a calendar day YYYY-MM-DD. */
const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

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

  /** The orders of a list, each ending on the id so that pages neither repeat nor skip a row. */
  const dated = kind.dated;
  const namedColumn = kind.named ? columnOf(table, kind.named.key) : undefined;
  const namedUser = alias(users, 'named_user');
  const newestFirst = dated ? [desc(dated), desc(table.id)] : kind.newestFirst;
  function orderOf(sort: RecordListQuery['sort']): SQL[] {
    if (!sort) return kind.newestFirst;
    const direction = sort.descending ? desc : asc;
    switch (sort.column) {
      case 'date':
        return dated ? [direction(dated), direction(table.id)] : kind.newestFirst;
      case 'patient':
        return [
          direction(patients.lastName),
          direction(patients.firstName),
          direction(patients.id),
          ...newestFirst,
        ];
      case 'doctor':
      case 'caregiver':
        return [
          direction(namedUser.secondName),
          direction(namedUser.firstName),
          direction(namedUser.id),
          ...newestFirst,
        ];
    }
  }

  /** Whether the record's own date is a calendar day (a prescription's) rather than an instant. */
  const datedByDay = dated?.dataType === 'string';

  /**
   * A list's page and bounded count, built once per scope kind, path filter, search, order and
   * set of query filters: only the values travel with each request.
   */
  function listStatements(
    db: Executor,
    user: SessionUser,
    filter: ListFilter | undefined,
    shape: ListShape,
  ) {
    const key = [
      entity,
      scopeKind(user),
      filter?.shape ?? 'all',
      shape.q ? 'search' : 'plain',
      shape.sort ? `${shape.sort.descending ? '-' : ''}${shape.sort.column}` : 'newest',
      shape.patient ? 'p' : '',
      shape.person ? 'n' : '',
      shape.from ? 'f' : '',
      shape.to ? 't' : '',
    ].join('_');
    return preparedFor(db, `clinical_${key}`, () => {
      const where = and(
        visible(user, sql.placeholder('userId')),
        filter?.where(sql.placeholder('value')),
        shape.q ? search(sql.placeholder('pattern')) : undefined,
        shape.patient ? eq(table.patientId, sql.placeholder('patientFilter')) : undefined,
        shape.person && namedColumn ? eq(namedColumn, sql.placeholder('personFilter')) : undefined,
        shape.from && dated ? gte(dated, sql.placeholder('fromBound')) : undefined,
        shape.to && dated
          ? datedByDay
            ? lte(dated, sql.placeholder('toBound'))
            : lt(dated, sql.placeholder('toBound'))
          : undefined,
      );
      // Statement names are short and unique: PostgreSQL cuts names at 63 characters.
      const name = createHash('sha1').update(key).digest('hex').slice(0, 20);
      let page = db
        .select(fields)
        .from(table as PgTable)
        .$dynamic();
      if (shape.sort?.column === 'patient') {
        page = page.innerJoin(patients, eq(patients.id, table.patientId));
      } else if (shape.sort && shape.sort.column !== 'date' && namedColumn) {
        page = page.leftJoin(namedUser, eq(namedUser.id, namedColumn));
      }
      return {
        page: page
          .where(where)
          .orderBy(...orderOf(shape.sort))
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

  /**
   * The bounds of a range of days of the record's own date: the days themselves for a calendar
   * date, else the instants the days start (`from`) and the day after ends (`to`, excluded) in
   * the reader's zone.
   */
  async function dayBounds(ctx: RequestContext, query: RecordListQuery) {
    if (!query.from && !query.to) return { fromBound: null, toBound: null };
    if (datedByDay) return { fromBound: query.from ?? null, toBound: query.to ?? null };
    const zone = await readerTimeZone(ctx.db, ctx.user.id, query.browserZone);
    const startOf = (day: string) => new Date(fromDateTimeLocal(`${day}T00:00`, zone));
    return {
      fromBound: query.from ? startOf(query.from) : null,
      toBound: query.to ? startOf(nextDay(query.to)) : null,
    };
  }

  /**
   * One record by id in the caller's scope: a statement prepared once per scope kind (the add
   * and the change answer with it, and the read of one record), so each request only sends the
   * values instead of building the select of the record's columns and names again.
   */
  async function answerById(
    db: Executor,
    user: SessionUser,
    id: number,
  ): Promise<TAnswer | undefined> {
    const key = `${entity}_${scopeKind(user)}`;
    const statement = preparedFor(db, `clinical_one_${key}`, () =>
      db
        .select(fields)
        .from(table as PgTable)
        .where(and(eq(table.id, sql.placeholder('id')), visible(user, sql.placeholder('userId'))))
        .limit(1)
        .prepare(`clinical_one_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`),
    );
    const [row] = await statement.execute({ id, userId: user.id });
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

  /*
   * The answer read back from an insert's RETURNING, beside the stored row: the answer's own
   * columns are the row's, and its other fields (the names beside the ids) are returned under
   * `answer:<key>`. A record just added for a patient in the caller's scope is in scope, so this
   * is the answer `answerFor` would read in one more round trip after the commit.
   */
  const columnKeys = new Map<unknown, string>(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]),
  );
  const answerExtras: SelectedFieldsFlat = Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => !columnKeys.has(field))
      .map(([key, field]) => [`answer:${key}`, field]),
  );

  /** What an insert returns for `answerOfInserted` and `storedOfInserted` (its key names it). */
  const insertAnswer = { key: `answer_${entity}`, fields: answerExtras };

  /** The answer, from a row the insert of `insertAnswer` returned. */
  function answerOfInserted(row: Record<string, unknown>): TAnswer {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const column = columnKeys.get(field);
      out[key] = column === undefined ? row[`answer:${key}`] : row[column];
    }
    return toJson<TAnswer>(out);
  }

  /** The stored row alone (the table's columns), from a row the insert of `insertAnswer` returned. */
  function storedOfInserted(row: Record<string, unknown>): StoredRow<T> {
    const out: Record<string, unknown> = {};
    for (const key of columnKeys.values()) out[key] = row[key];
    return out as StoredRow<T>;
  }

  /** The answer for a record the caller has just changed (it is in scope). */
  async function answerFor(ctx: RequestContext, id: number): Promise<TAnswer> {
    const answer = await answerById(ctx.db, ctx.user, id);
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
    query: RecordListQuery,
    filter?: ListFilter,
  ): Promise<Page<TAnswer>> {
    const personFilter = kind.named
      ? kind.named.role === 'doctor'
        ? query.doctorId
        : query.caregiverId
      : undefined;
    const shape: ListShape = {
      q: Boolean(query.q),
      sort: query.sort?.column === 'date' && !dated ? undefined : query.sort,
      patient: query.patientId !== undefined,
      person: personFilter !== undefined,
      from: Boolean(query.from) && Boolean(dated),
      to: Boolean(query.to) && Boolean(dated),
    };
    const statements = listStatements(ctx.db, ctx.user, filter, shape);
    const values = {
      userId: ctx.user.id,
      value: filter?.value,
      pattern: query.q ? likePattern(query.q) : '',
      patientFilter: query.patientId,
      personFilter,
      ...(await dayBounds(ctx, query)),
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
    await ctx.audit.read({
      action: 'list',
      entity,
      patientId: filter?.patientId ?? query.patientId ?? null,
    });
    return { items, total, capped };
  }

  return {
    table,
    visible,
    patientOfRecord,
    notFoundRecord,
    answerFor,
    insertAnswer,
    answerOfInserted,
    storedOfInserted,
    list,

    /** One patient's records; a patient outside the caller's scope answers 404. */
    listForPatient(ctx: RequestContext, patientId: number, query: RecordListQuery) {
      return list(ctx, query, {
        shape: 'patient',
        where: (value) => eq(table.patientId, value),
        value: patientId,
        patientId,
      });
    },

    /** One record in scope, or 404. */
    async get(ctx: RequestContext, id: number): Promise<TAnswer> {
      const answer = await answerById(ctx.db, ctx.user, id);
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
