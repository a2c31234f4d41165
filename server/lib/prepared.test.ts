import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { openTestDatabase, usingPostgres } from '../test/app.ts';
import { insertReturning, preparedFor, runOn } from './prepared.ts';

describe('statements prepared once and run on a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const byRequest = (db: Database['db'], requestId: string) =>
    db.select().from(auditLog).where(eq(auditLog.requestId, requestId));

  it('runOn sends a pool statement on the transaction: it sees what the transaction wrote', async () => {
    const { db } = database;
    const count = preparedFor(db, 'test_audit_count', () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.requestId, sql.placeholder('requestId')))
        .prepare('test_audit_count'),
    );
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(auditLog).values({
          at: new Date(),
          action: 'read',
          entity: 'patient',
          outcome: 'success',
          ip: '127.0.0.1',
          requestId: 'run-on-1',
        });
        // On the transaction's connection the uncommitted row is there; on another connection of
        // the pool it is not (PGlite has one connection, which waits for the transaction).
        expect(await runOn(count, tx).execute({ requestId: 'run-on-1' })).toEqual([{ n: 1 }]);
        if (usingPostgres()) {
          expect(await count.execute({ requestId: 'run-on-1' })).toEqual([{ n: 0 }]);
        }
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await count.execute({ requestId: 'run-on-1' })).toEqual([{ n: 0 }]);
    // On the pool itself the statement is the one prepared.
    expect(runOn(count, db)).toBe(count);
  });

  it('runOn refuses what is not a database or transaction handle', () => {
    const { db } = database;
    const one = db
      .select({ n: sql<number>`1` })
      .from(auditLog)
      .prepare('test_one');
    expect(() => runOn(one, {})).toThrow(/not a database or transaction handle/);
  });

  it('insertReturning stores and answers the row the query builder would', async () => {
    const { db } = database;
    const at = new Date('2026-03-04T05:06:07.089Z');
    const values = {
      at,
      userId: null,
      role: 'doctor',
      action: 'create' as const,
      outcome: 'success' as const,
      entity: 'patient',
      entityId: '12',
      ip: '127.0.0.1',
      details: { rows: 3, kind: 'a "quoted", \\ kind', exported: true },
    };
    const built = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(auditLog)
        .values({ ...values, requestId: 'builder' })
        .returning();
      return row!;
    });
    const mine = await db.transaction((tx) =>
      insertReturning<typeof built>(db, tx, auditLog, {
        ...values,
        requestId: 'prepared',
        // Left undefined: the column's default (NULL), as the builder leaves it.
        patientId: undefined,
      }),
    );
    const { id: builtId, requestId: _b, ...builtRest } = built;
    const { id: mineId, requestId: _m, ...mineRest } = mine;
    expect(mineId).toBeGreaterThan(builtId);
    expect(mineRest).toEqual(builtRest);
    expect(mine.at).toEqual(at);
    expect(mine.patientId).toBeNull();
    expect(mine.details).toEqual(values.details);
    // Stored as the answer says, and again with other values through the same statement.
    expect(await byRequest(db, 'prepared')).toEqual([mine]);
    const again = await db.transaction((tx) =>
      insertReturning<typeof built>(db, tx, auditLog, {
        ...values,
        at: new Date('2027-01-01T00:00:00.000Z'),
        details: null,
        requestId: 'prepared-again',
      }),
    );
    expect(again.details).toBeNull();
    expect(again.at.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
