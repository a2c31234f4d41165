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
export function encoded(
  column: { mapToDriverValue(value: unknown): unknown },
  value: unknown,
): unknown {
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
 * Inserts one row of `table` with the values given (columns left undefined take their
 * default) and answers the stored row, as the query builder's `insert().values().returning()`
 * does: prepared once per database and set of columns, and run on the executor passed (a
 * transaction's connection included: `runOn`). Each value is sent as its column encodes it.
 * `also`: more fields to return beside the row (their key names them in the statement's name).
 */
export async function insertReturning<Row>(
  db: Executor,
  tx: Executor,
  table: PgTable,
  values: Record<string, unknown>,
  also?: { key: string; fields: SelectedFieldsFlat },
): Promise<Row> {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => values[key] !== undefined);
  const name = insertName(`${getTableName(table)}(${keys.join(',')})${also?.key ?? ''}`);
  const statement = preparedFor(db, name, () =>
    db
      .insert(table)
      .values(Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(key)}`])) as never)
      .returning({ ...columns, ...also?.fields })
      .prepare(name),
  );
  const params: Record<string, unknown> = {};
  for (const key of keys) params[key] = encoded(columns[key]!, values[key]);
  const [row] = (await runOn(statement, tx).execute(params)) as Row[];
  return row!;
}
