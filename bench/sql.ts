import type { Database } from '../server/db/client.ts';

/** Plain SQL on either driver: the bench's data generator and floor server speak SQL directly. */
export interface Sql {
  exec(text: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export function sqlOf(database: Database): Sql {
  if (database.pool) {
    const pool = database.pool;
    return {
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T>(text: string, params: unknown[] = []) =>
        (await pool.query(text, params)).rows as T[],
    };
  }
  const client = database.pglite!;
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows,
  };
}
