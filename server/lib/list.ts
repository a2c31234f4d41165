import { asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client.ts';

/** A page of a list and its total; `capped` when the total is only a lower bound. */
export interface Page<T> {
  items: T[];
  total: number;
  capped?: boolean;
}

/**
 * Totals are counted exactly up to this many rows past the end of the page asked for; beyond
 * that the total is a lower bound (`X-Total-Count-Capped: true`), so no list counts a whole
 * large table on every page. Paging on raises the bound with the offset.
 */
export const COUNT_AHEAD = 1000;

/**
 * The total for X-Total-Count. A short page tells it without a query; otherwise `countUpTo`
 * counts matching rows up to the given bound (a `count(*)` over a subquery with that LIMIT).
 * With `count: 'none'` (the caller shows no total) a full page is not counted: the total is
 * the rows up to its end, a lower bound.
 */
export async function pageTotal(
  page: { offset: number; limit: number; rows: number; count?: 'bounded' | 'none' },
  countUpTo: (bound: number) => Promise<number>,
): Promise<{ total: number; capped: boolean }> {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) {
    return { total: page.offset + page.rows, capped: false };
  }
  if (page.count === 'none') return { total: page.offset + page.rows, capped: true };
  const bound = page.offset + page.limit + COUNT_AHEAD;
  const counted = await countUpTo(bound + 1);
  return counted > bound ? { total: bound, capped: true } : { total: counted, capped: false };
}

/** The matching rows' "1", ready for `boundedCount`: `db.select(oneColumn).from(t).where(w)`. */
export const oneColumn = { one: sql`1`.as('one') };

/** `countUpTo` for `pageTotal`: counts the rows of `matching` (a `$dynamic()` select) up to a bound. */
export function boundedCount(db: Executor, matching: PgSelect) {
  return async (bound: number): Promise<number> => {
    const [counted] = await db
      .select({ total: count() })
      .from(matching.limit(bound).as('matching'));
    return counted?.total ?? 0;
  };
}

/** The prepared form of `boundedCount`: counts the rows of `matching` up to the `bound` placeholder. */
export function preparedBoundedCount(db: Executor, matching: PgSelect, name: string) {
  return db
    .select({ total: count() })
    .from(matching.limit(sql.placeholder('bound')).as('matching'))
    .prepare(name);
}

/**
 * `pageTotal` for a page read by a prepared statement: `values` are the page's (with its limit
 * and offset), and the count statement runs with the same values and its bound.
 */
export function preparedPageTotal(
  countStatement: ReturnType<typeof preparedBoundedCount>,
  values: Record<string, unknown> & { limit: number; offset: number },
  rows: number,
  mode?: 'bounded' | 'none',
): Promise<{ total: number; capped: boolean }> {
  return pageTotal(
    { offset: values.offset, limit: values.limit, rows, count: mode },
    async (bound) => {
      const [counted] = await countStatement.execute({ ...values, bound });
      return counted?.total ?? 0;
    },
  );
}

/** Lists answer a plain array (as the seed's client expects) with the total in a header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header('X-Total-Count', String(page.total));
  if (page.capped) reply.header('X-Total-Count-Capped', 'true');
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Capped');
  return page.items;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text, not a pattern. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ORDER BY of a sorted list: the chosen column's expressions (a name sorts by last, then
 * first name) in the asked direction, then the primary key ascending, so rows that tie keep
 * one order and paging neither repeats nor skips a row. Only the whitelist's columns are used.
 */
export function orderFor<Column extends string>(
  sort: { column: Column; descending: boolean },
  columns: Record<Column, readonly (AnyColumn | SQL)[]>,
  primaryKey: AnyColumn,
): SQL[] {
  const direction = sort.descending ? desc : asc;
  return [...columns[sort.column].map((c) => direction(c)), asc(primaryKey)];
}
