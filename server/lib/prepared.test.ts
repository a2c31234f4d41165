import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, usingPostgres } from '../test/app.ts';
import { namedRows } from './prepared.ts';

describe('namedRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const statement = (n: number) =>
    sql`select g as n, g * 2 as twice, to_char(timestamptz '2026-01-02T03:04:05Z' at time zone 'UTC', 'YYYY-MM-DD') as day, now() as at from generate_series(1, ${n}::int) as g`;

  it('answers the rows the driver answers for the same statement, values and types alike', async () => {
    const direct = (await database.db.execute(statement(3))) as unknown as {
      rows: Record<string, unknown>[];
    };
    const named = await namedRows<Record<string, unknown>>(database.db, statement(3));
    const withoutNow = (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({ n: row.n, twice: row.twice, day: row.day }));
    expect(withoutNow(named)).toEqual(withoutNow(direct.rows));
    expect(named.map((row) => row.n)).toEqual([1, 2, 3]);
    // Timestamps stay the driver's text, as Drizzle gives them.
    expect(typeof named[0]!.at).toBe('string');
    expect(typeof direct.rows[0]!.at).toBe('string');
    // Other values, the same shape: no leftover from the first run.
    expect(await namedRows(database.db, statement(1))).toHaveLength(1);
  });

  it.skipIf(!usingPostgres())(
    'on PostgreSQL, sends it as one named statement per text, prepared once per connection',
    async () => {
      await database.db.transaction(async (tx) => {
        await namedRows(tx, statement(2));
        await namedRows(tx, statement(5));
        const prepared = (await tx.execute(
          sql`select name from pg_prepared_statements where name like 'raw_%'`,
        )) as unknown as { rows: { name: string }[] };
        expect(prepared.rows).toHaveLength(1);
        expect(prepared.rows[0]!.name).toMatch(/^raw_[0-9a-f]{24}$/);
      });
    },
  );
});
