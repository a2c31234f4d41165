import { parse } from 'csv-parse/sync';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
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

/** The newest audit row's id (0 when there is none): a mark to read the rows written after. */
export async function lastAuditId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

/**
 * The 'list' and 'export' audit rows written after `id`, oldest first; with `patientId` when
 * asked (the exports of patients' records).
 */
export async function auditRowsAfter(
  db: Executor,
  id: number,
  options: { withPatientId?: boolean } = {},
) {
  return db
    .select({
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      ...(options.withPatientId ? { patientId: auditLog.patientId } : {}),
      userId: auditLog.userId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(gt(auditLog.id, id), inArray(auditLog.action, ['list', 'export'])))
    .orderBy(auditLog.id);
}
