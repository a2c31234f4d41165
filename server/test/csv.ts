import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { CSV_BOM } from '../lib/csv.ts';

/**
 * Reading back a CSV answer as a spreadsheet would: the byte order mark is checked first, then
 * the file is parsed by csv-parse (RFC 4180: quoted fields, doubled quotes, CRLF records, every
 * row as wide as the header).
 */
export function csvGrid(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return parse(body.slice(CSV_BOM.length), { record_delimiter: '\r\n' }) as string[][];
}

/** A CSV answer's rows as objects keyed by the header's words. */
export function csvTable(body: string): Record<string, string>[] {
  const [header = [], ...rows] = csvGrid(body);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** A CSV answer's header row. */
export function csvHeader(body: string): string[] {
  return csvGrid(body)[0] ?? [];
}

/** The 'export' audit rows of an entity so far (a refused download must add none). */
export async function exportRowsOf(db: Executor, entity: string): Promise<number> {
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, entity)));
  return rows.length;
}
