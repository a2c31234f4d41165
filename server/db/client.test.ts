import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { openTestDatabase, usingPostgres } from '../test/app.ts';

describe.skipIf(!usingPostgres())('the pool’s PostgreSQL sessions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('never compile a plan just in time, and cancel a statement after 30 s', async () => {
    const setting = async (name: 'jit' | 'statement_timeout') => {
      const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows[0]![name];
    };
    // Every connection of the pool: as many at once as it holds.
    const answers = await Promise.all(Array.from({ length: 5 }, () => setting('jit')));
    expect(answers).toEqual(Array(5).fill('off'));
    expect(await setting('statement_timeout')).toBe('30s');
  });
});
