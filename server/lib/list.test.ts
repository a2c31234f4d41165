import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../db/schema/index.ts';
import { call, createTestApp, type TestApp } from '../test/app.ts';
import { createUser, validPatientInput } from '../test/factories.ts';
import { sortParam } from '../../shared/schemas/common.ts';
import { COUNT_AHEAD, pageTotal } from './list.ts';

describe('pageTotal', () => {
  const never = () => Promise.reject(new Error('should not count'));

  it('a short page tells the total without a query', async () => {
    expect(await pageTotal({ offset: 0, limit: 50, rows: 7 }, never)).toEqual({
      total: 7,
      capped: false,
    });
    expect(await pageTotal({ offset: 100, limit: 50, rows: 20 }, never)).toEqual({
      total: 120,
      capped: false,
    });
    expect(await pageTotal({ offset: 0, limit: 50, rows: 0 }, never)).toEqual({
      total: 0,
      capped: false,
    });
  });

  it('a full page counts up to the page end plus COUNT_AHEAD, and says when it stopped there', async () => {
    const bounds: number[] = [];
    const counting = (matching: number) => (bound: number) => {
      bounds.push(bound);
      return Promise.resolve(Math.min(matching, bound));
    };
    const exact = await pageTotal({ offset: 0, limit: 50, rows: 50 }, counting(900));
    expect(exact).toEqual({ total: 900, capped: false });
    const capped = await pageTotal({ offset: 0, limit: 50, rows: 50 }, counting(5_000_000));
    expect(capped).toEqual({ total: 50 + COUNT_AHEAD, capped: true });
    const deeper = await pageTotal({ offset: 2000, limit: 50, rows: 50 }, counting(5_000_000));
    expect(deeper).toEqual({ total: 2050 + COUNT_AHEAD, capped: true });
    // Exactly at the bound is still exact: the count looks one row further.
    const atBound = await pageTotal({ offset: 0, limit: 50, rows: 50 }, counting(50 + COUNT_AHEAD));
    expect(atBound).toEqual({ total: 50 + COUNT_AHEAD, capped: false });
    expect(bounds).toEqual([
      51 + COUNT_AHEAD,
      51 + COUNT_AHEAD,
      2051 + COUNT_AHEAD,
      51 + COUNT_AHEAD,
    ]);
  });

  it("with count 'none' a full page is not counted: the total is a lower bound", async () => {
    const never = () => Promise.reject(new Error('should not count'));
    expect(await pageTotal({ offset: 0, limit: 3, rows: 3, count: 'none' }, never)).toEqual({
      total: 3,
      capped: true,
    });
    expect(await pageTotal({ offset: 6, limit: 3, rows: 3, count: 'none' }, never)).toEqual({
      total: 9,
      capped: true,
    });
    // A short page still tells the exact total, for free.
    expect(await pageTotal({ offset: 0, limit: 5, rows: 2, count: 'none' }, never)).toEqual({
      total: 2,
      capped: false,
    });
  });

  it('an empty page past the end counts, so the client can step back', async () => {
    expect(
      await pageTotal({ offset: 500, limit: 50, rows: 0 }, () => Promise.resolve(120)),
    ).toEqual({ total: 120, capped: false });
  });
});

describe('X-Total-Count on a large list', () => {
  let t: TestApp;
  const many = COUNT_AHEAD + 150;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insert(patients)
      .values(
        Array.from({ length: many }, (_, i) => ({ ...validPatientInput(), lastName: `L${i}` })),
      );
  });
  afterAll(() => t.close());

  it('is a lower bound with X-Total-Count-Capped beyond the bound, exact within it', async () => {
    const sup = await createUser(t.database.db, {
      role: 'doctor',
      privileges: 'supervisor',
      now: t.clock.now(),
    });
    const first = await call(t.app, 'GET', '/api/patients?limit=50', { token: sup.token });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe(String(50 + COUNT_AHEAD));
    expect(first.headers['x-total-count-capped']).toBe('true');

    const later = await call(t.app, 'GET', '/api/patients?limit=50&offset=200', {
      token: sup.token,
    });
    expect(later.headers['x-total-count']).toBe(String(many));
    expect(later.headers['x-total-count-capped']).toBeUndefined();

    const last = await call(t.app, 'GET', `/api/patients?limit=50&offset=${many - 10}`, {
      token: sup.token,
    });
    expect(last.json).toHaveLength(10);
    expect(last.headers['x-total-count']).toBe(String(many));
  });

  it('count=none answers the same rows without counting past them; a bad value is a 400', async () => {
    const sup = await createUser(t.database.db, {
      role: 'doctor',
      privileges: 'supervisor',
      now: t.clock.now(),
    });
    const counted = await call(t.app, 'GET', '/api/patients?limit=50', { token: sup.token });
    const first = await call(t.app, 'GET', '/api/patients?limit=50&count=none', {
      token: sup.token,
    });
    expect(first.status).toBe(200);
    expect(first.json).toEqual(counted.json);
    expect(first.headers['x-total-count']).toBe('50');
    expect(first.headers['x-total-count-capped']).toBe('true');

    const last = await call(t.app, 'GET', `/api/patients?limit=50&offset=${many - 10}&count=none`, {
      token: sup.token,
    });
    expect(last.json).toHaveLength(10);
    expect(last.headers['x-total-count']).toBe(String(many));
    expect(last.headers['x-total-count-capped']).toBeUndefined();

    const bad = await call(t.app, 'GET', '/api/patients?limit=50&count=all', { token: sup.token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ count: "count must be 'bounded' or 'none'" });
  });
});

describe('sortParam', () => {
  const schema = sortParam(['name', 'dateOfBirth'] as const, 'name');

  it('reads a column and its direction, with the default when absent', () => {
    expect(schema.parse(undefined)).toEqual({ column: 'name', descending: false });
    expect(schema.parse('dateOfBirth')).toEqual({ column: 'dateOfBirth', descending: false });
    expect(schema.parse('-dateOfBirth')).toEqual({ column: 'dateOfBirth', descending: true });
  });

  it('refuses anything off the list with a sentence naming what is allowed', () => {
    for (const bad of ['id', 'name; drop table patients', '--name', 'Name', '-', '']) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'The sort must be one of: name, -name, dateOfBirth, -dateOfBirth.',
      );
    }
  });
});
