import { CsvError, parse } from 'csv-parse/sync';
import { importTexts } from '../../../shared/messages.ts';
import {
  importCsvAliases,
  importCsvColumns,
  type ImportCsvColumn,
  type ImportProblem,
} from '../../../shared/schemas/patient-import.ts';
import { refuseFile, type ParsedFile, type RawPatient } from './import-file.ts';

/** A header compared without case, spaces or punctuation ("First Name" = "firstName"). */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

const columnByKey = new Map<string, ImportCsvColumn>([
  ...importCsvColumns.map((column) => [headerKey(column), column] as const),
  ...Object.entries(importCsvAliases),
]);
/** Columns of the patients table on screen that carry nothing to import. */
const ignoredHeaders = new Set(['id', 'actions']);

/**
 * Reads a CSV of patients: a header row naming the seed's patient columns (in any order), then
 * one patient per row. Rows are numbered as the file's lines (the header is 1), CRLF or LF.
 * A header that lacks a column, repeats one or names an unknown one is reported on row 1 and no
 * row is read; a row with the wrong number of cells is reported and left out.
 */
export function parsePatientsCsv(text: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw refuseFile(importTexts.csvUnreadable(line));
    }
    throw error;
  }
  const problems: ImportProblem[] = [];
  const [header, ...rows] = records;
  if (!header) throw refuseFile(importTexts.fileEmpty);

  const headers = header.record.map((cell) => cell.trim());
  const columnAt = new Map<ImportCsvColumn, number>();
  headers.forEach((cell, index) => {
    const key = headerKey(cell);
    const column = columnByKey.get(key);
    if (column === undefined) {
      if (!ignoredHeaders.has(key)) {
        problems.push({ row: 1, field: cell, message: importTexts.unknownColumn(cell) });
      }
      return;
    }
    if (columnAt.has(column)) {
      problems.push({ row: 1, field: cell, message: importTexts.repeatedColumn(cell) });
      return;
    }
    columnAt.set(column, index);
  });
  for (const column of importCsvColumns) {
    if (!columnAt.has(column)) {
      problems.push({ row: 1, field: column, message: importTexts.missingColumn(column) });
    }
  }
  if (problems.length > 0) return { format: 'csv', patients: [], problems, skipped: [] };

  const headerOf = (field: string) =>
    headers[columnAt.get(field as ImportCsvColumn) ?? -1] ?? field;
  const patients: RawPatient[] = [];
  for (const { record, info } of rows) {
    const row = info.lines;
    if (record.length !== headers.length) {
      problems.push({
        row,
        field: '',
        message: importTexts.cellCount(record.length, headers.length),
      });
      continue;
    }
    const values: Record<string, unknown> = {};
    for (const [column, index] of columnAt) values[column] = record[index];
    patients.push({
      row,
      values,
      where: headerOf,
      allergies: [],
      conditions: [],
      noKnownAllergies: false,
    });
  }
  return { format: 'csv', patients, problems, skipped: [] };
}
