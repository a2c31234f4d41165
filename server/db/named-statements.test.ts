import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import {
  MAX_NAMED_PER_CONNECTION,
  MAX_NAMED_VALUES,
  NamedStatementClient,
  statementName,
} from './named-statements.ts';
import { rowsOf } from './raw-rows.ts';
import { openTestDatabase, usingPostgres } from '../test/app.ts';

describe('raw statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answer their rows, the same for the same statement with other values', async () => {
    const statement = (n: number) =>
      sql`select g as n, g * 2 as twice from generate_series(1, ${n}::int) as g`;
    expect(await rowsOf(database.db, statement(3))).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
      { n: 3, twice: 6 },
    ]);
    expect(await rowsOf(database.db, statement(1))).toEqual([{ n: 1, twice: 2 }]);
  });
});

describe.skipIf(!usingPostgres())('named statements on PostgreSQL', () => {
  let database: Database;
  let client: NamedStatementClient;
  beforeAll(async () => {
    database = await openTestDatabase();
    // A connection of its own to the same database, as the pool opens them.
    const { connectionString } = database.pool!.options as { connectionString: string };
    client = new NamedStatementClient({ connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  const prepared = async (): Promise<string[]> =>
    (
      (await client.query('select name from pg_prepared_statements order by prepare_time, name'))
        .rows as { name: string }[]
    ).map((row) => row.name);

  it('prepares a statement with values once per connection, by the hash of its text', async () => {
    const text = 'select $1::int + $2::int as sum';
    expect((await client.query(text, [1, 2])).rows).toEqual([{ sum: 3 }]);
    expect((await client.query(text, [40, 2])).rows).toEqual([{ sum: 42 }]);
    expect((await client.query({ text, values: [5, 5] })).rows).toEqual([{ sum: 10 }]);
    expect(await prepared()).toEqual([statementName(text)]);
    expect(statementName(text)).toMatch(/^s_[0-9a-f]{24}$/);
  });

  it('leaves unnamed a statement without values, with too many, or named by its caller', async () => {
    const before = await prepared();
    await client.query('select 1 as one');
    const many = Array.from({ length: MAX_NAMED_VALUES + 1 }, (_, i) => `$${i + 1}::int`);
    const values = many.map((_, i) => i);
    const { rows } = await client.query(`select array[${many.join(', ')}] as list`, values);
    expect(rows[0].list).toEqual(values);
    await client.query({ name: 'callers_own', text: 'select $1::int as n', values: [7] });
    // A submittable query object runs itself, as pg would run it.
    const submitted = new pg.Query('select $1::int * 3 as n', [5]);
    const emitted: unknown[] = [];
    submitted.on('row', (row: unknown) => emitted.push(row));
    await new Promise((resolve, reject) => {
      submitted.on('end', resolve);
      submitted.on('error', reject);
      client.query(submitted);
    });
    expect(emitted).toEqual([{ n: 15 }]);
    expect(await prepared()).toEqual([...before, 'callers_own']);
  });

  it('keeps working after a statement fails at parse, bind or run, in and out of a transaction', async () => {
    const text = 'select 10 / $1::int as tenth';
    await client.query('begin');
    await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
    await client.query('rollback');
    expect((await client.query(text, [5])).rows).toEqual([{ tenth: 2 }]);
    await expect(client.query(text, ['five'])).rejects.toThrow(/invalid input syntax/);
    expect((await client.query(text, [2])).rows).toEqual([{ tenth: 5 }]);
    await expect(client.query('select no_such_column + $1::int', [1])).rejects.toThrow(
      /does not exist/,
    );
    await expect(client.query('select no_such_column + $1::int', [1])).rejects.toThrow(
      /does not exist/,
    );
    expect((await client.query(text, [1])).rows).toEqual([{ tenth: 10 }]);
  });

  it(`keeps at most ${MAX_NAMED_PER_CONNECTION} statements on a connection`, async () => {
    for (let i = 0; i < MAX_NAMED_PER_CONNECTION + 20; i += 1) {
      const { rows } = await client.query(`select $1::int + ${i} as n`, [1]);
      expect(rows[0].n).toBe(i + 1);
    }
    expect(await prepared()).toHaveLength(MAX_NAMED_PER_CONNECTION);
  });

  it('is how the pool connects: a write transaction’s statements are prepared once', async () => {
    const rows = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        await tx.execute(sql`select ${n}::int as n from users where id > ${n} limit 1`);
      }
      return rowsOf<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements
          where statement like ${'%from users where id >%'} and statement not like ${'%pg_prepared%'}`,
      );
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^s_[0-9a-f]{24}$/);
  });
});
