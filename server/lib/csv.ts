import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV as the exports write it: UTF-8 with a byte order mark (so spreadsheet apps read accents),
 * CRLF line ends, a header row of words people read, fields quoted when they hold a quote, a
 * comma or a line break (RFC 4180, by csv-stringify), and formula injection neutralised (OWASP):
 * a text cell starting with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet never runs it. Numbers are written as numbers only when the column is one of our
 * own numeric values (a `number` cell); any text is text.
 */

/** One cell: our own numbers stay numbers, every text is neutralised. */
export type CsvCell = string | number | boolean | null | undefined;

/** A column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/** The byte order mark that tells spreadsheet apps the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as it is written: empty for nothing, numbers as they are, text neutralised. */
export function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return neutralise(cell);
}

/** Lines of CSV (each ending CRLF), without the byte order mark. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map(cellText)),
    {
      record_delimiter: 'windows',
      // A lone line feed or carriage return inside a field is quoted too, not only CRLF.
      quoted_match: /[\r\n]/,
    },
  );
}

/** A whole CSV document: the byte order mark, the header and the rows. */
export function csvDocument<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return (
    CSV_BOM +
    csvLines([columns.map((c) => c.header)]) +
    csvLines(rows.map((row) => columns.map((c) => c.value(row))))
  );
}

/**
 * A CSV document written as its rows arrive, batch by batch: the byte order mark and the header
 * first, then each batch's lines, so a long export never holds every row at once.
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLines([columns.map((c) => c.header)]);
    for await (const batch of batches) {
      if (batch.length > 0) yield csvLines(batch.map((row) => columns.map((c) => c.value(row))));
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A download's file name: the list's name and the day, "patients-2026-11-24.csv". */
export function csvFilename(name: string, day: string): string {
  const safe = name.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${day}.csv`;
}

/** The Content-Disposition of a download with that name. */
export const attachment = (filename: string): string => `attachment; filename="${filename}"`;
