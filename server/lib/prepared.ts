import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

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

/** The parts of Drizzle's database handle (node-postgres and PGlite alike) `namedRows` uses. */
interface DrizzleInternals {
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  _?: {
    session?: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
}

/**
 * A raw statement's rows as the driver answers them, sent as a named statement: the name is a
 * hash of its text, so each shape is parsed and planned once per connection and each request
 * sends only the values. Planning the rota's statements took as long as running them (2 ms
 * each for a doctor's week). PGlite runs it as it would any statement. A handle without the
 * internals this relies on runs it unnamed. Values must travel as parameters, never in the
 * text (`sql.raw`): each distinct text is a statement every connection keeps.
 */
export async function namedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const { dialect, _: meta } = db as unknown as DrizzleInternals;
  const session = meta?.session;
  if (!dialect || typeof session?.prepareQuery !== 'function') {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }
  const statement = dialect.sqlToQuery(query);
  const name = `raw_${createHash('sha1').update(statement.sql).digest('hex').slice(0, 24)}`;
  const result = await session.prepareQuery(statement, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
