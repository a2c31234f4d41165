import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { statementName } from '../db/named-statements.ts';

/**
 * Prepared statements of hot lists, built once per database handle and per key (the statement's
 * shape: which filters, which kind of patient scope) and reused for every request after.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: object, key: string, build: () => T): T {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}

/**
 * A statement prepared once on the pool (`preparedFor`) run on the executor a request holds: on
 * the pool itself, or on the connection of its transaction. The query builder's prepared
 * statements keep the connection they were made on, so inside a transaction a write was built
 * again for every request (half a write's CPU was the builder). The copy shares the built text,
 * parameters and row mapping, and differs only in the connection it sends them on.
 */
export function runOn<T extends object>(prepared: T, db: object): T {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('runOn: not a database or transaction handle');
  if ((prepared as { client?: unknown }).client === client) return prepared;
  return Object.assign(Object.create(Object.getPrototypeOf(prepared) as object) as T, prepared, {
    client,
  });
}

/** A value as its column sends it (a Date as ISO text, JSON as text); NULL as NULL. */
function encoded(column: { mapToDriverValue(value: unknown): unknown }, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

const insertNames = new Map<string, string>();

/**
 * The statement name of an insert of these columns: named as the pool names every statement
 * (server/db/named-statements.ts), from its shape rather than its text, which is built later.
 */
function insertName(signature: string): string {
  let name = insertNames.get(signature);
  if (!name) {
    name = statementName(`insert ${signature}`);
    insertNames.set(signature, name);
  }
  return name;
}

/**
 * Inserts rows of `table` (each with the same columns given; columns left undefined take their
 * default), as the query builder's `insert().values()` does: the insert of that many rows of
 * those columns is prepared once per database (`pool`) and run on `db`, the pool or a
 * transaction's connection (`runOn`); each value is sent as its column encodes it. With
 * `returning`, answers the stored rows, and `returning.fields` beside them (their key names them
 * in the statement's name).
 */
export async function insertRows<Row>(
  pool: Executor,
  db: Executor,
  table: PgTable,
  rows: Record<string, unknown>[],
  returning?: { key: string; fields?: SelectedFieldsFlat },
): Promise<Row[]> {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => rows[0]?.[key] !== undefined);
  const name = insertName(
    `${getTableName(table)}(${keys.join(',')})x${rows.length}${returning ? `>${returning.key}` : ''}`,
  );
  const statement = preparedFor(pool, name, () => {
    const insert = pool
      .insert(table)
      .values(
        rows.map((_, i) =>
          Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(`${key}${i}`)}`])),
        ) as never,
      );
    return (returning ? insert.returning({ ...columns, ...returning.fields }) : insert).prepare(
      name,
    );
  });
  const params: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const key of keys) params[`${key}${i}`] = encoded(columns[key]!, row[key]);
  });
  const result = await runOn(statement, db).execute(params);
  return (returning ? result : []) as Row[];
}

/** One row inserted by `insertRows`, answered as stored (with `also` beside it). */
export async function insertReturning<Row>(
  pool: Executor,
  db: Executor,
  table: PgTable,
  values: Record<string, unknown>,
  also?: { key: string; fields: SelectedFieldsFlat },
): Promise<Row> {
  const [row] = await insertRows<Row>(pool, db, table, [values], also ?? { key: 'row' });
  return row!;
}
