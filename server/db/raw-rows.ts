import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * A raw statement's rows as the driver answers them (PGlite and node-postgres alike). On
 * PostgreSQL it goes named like every statement with values (named-statements.ts), so its values
 * must travel as parameters, never in its text (`sql.raw`).
 */
export async function rowsOf<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
