import { z } from 'zod';

/** The largest id a database integer column holds: larger ids are simply not found. */
export const MAX_ID = 2_147_483_647;

/**
 * An id written as text (a path, a query, a form field) must be plain digits: no sign, space,
 * leading zero, hex, exponent or fraction, so that '0x10', ' 1', '01' and '1e3' are not read as
 * ids 16, 1, 1 and 1000. Anything else becomes NaN, which the number rules refuse.
 */
const plainId = /^[1-9][0-9]{0,9}$/;
export const readIdText = (value: unknown): unknown =>
  typeof value === 'string' ? (plainId.test(value) ? Number(value) : Number.NaN) : value;

/** A record id in a path or query: a positive whole number that fits the database column. */
export const dbId = () => z.preprocess(readIdText, z.number().int().positive().max(MAX_ID));

// Characters that show nothing on their own: format characters (zero-width, bidi overrides and
// isolates, BOM, soft hyphen), controls, separators, marks with nothing to sit on (combining
// marks, variation selectors), and the fillers and blanks that fonts draw as empty. A text made
// only of them looks empty to anyone reading it.
const invisibleOnly = /^[\p{Cf}\p{Cc}\p{Z}\p{M}\s\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/** True when a text has at least one character that shows. */
export const hasVisibleText = (value: string): boolean => !invisibleOnly.test(value);

/** A required text field: trimmed; empty, or only invisible characters, answers the message. */
export const requiredText = (message: string, max = 2000) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(hasVisibleText, message);

/** An optional text field that may be omitted, null or empty. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/** An id given as a number or a numeric string (forms and multipart send strings). */
export const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : readIdText(v)),
    z.number({ message }).int(message).positive(message).max(MAX_ID, message),
  );

/** The years a date may have: outside them a value is refused, never rolled over. */
export interface YearRange {
  minYear: number;
  maxYear: number;
}

/** Every year a database timestamp holds without surprise (no year 0, no 5-digit years). */
export const ANY_YEAR: YearRange = { minYear: 1, maxYear: 9999 };

/**
 * The years of stored dates of care (appointments, reminders, clinical records): a typo such as
 * 0001 or 9999 is refused instead of being stored as a date nobody will ever see.
 */
export const CARE_YEARS: YearRange = { minYear: 1900, maxYear: 2200 };

// ISO 8601: a date, optionally a time (minutes, seconds, fraction), optionally a zone.
const isoInstant =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 point in time whose year lies in `years`. A value without a zone (a
 * datetime-local or multipart form value such as '2024-12-01T10:00') is read as UTC, never in
 * the server's own zone, so the answer does not depend on where the server runs. Impossible
 * dates (Feb 30, hour 25) are refused rather than rolled over. Precision is the millisecond
 * (longer fractions are cut, not rounded). Returns null when the text is not such a value.
 *
 * The one time parser of the API: every schema that reads a date goes through it.
 */
export function parseInstant(text: string, years: YearRange = ANY_YEAR): Date | null {
  const match = isoInstant.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (year < years.minYear || year > years.maxYear) return null;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [zoneHours, zoneMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (zoneHours > 23 || zoneMinutes > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  return new Date(date.getTime() - offsetMinutes * 60_000);
}

/** A calendar date YYYY-MM-DD whose year lies in `years`, as UTC midnight; null otherwise. */
export function parseCalendarDate(text: string, years: YearRange = ANY_YEAR): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? parseInstant(text, years) : null;
}

/** Paging and search accepted by every list endpoint. */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).optional(),
  /**
   * `none` when the caller shows no total (a dashboard card with the latest few): a full page
   * then costs no count, and X-Total-Count is the rows up to the page's end, flagged
   * X-Total-Count-Capped. A short page still tells the exact total.
   */
  count: z
    .enum(['bounded', 'none'], { message: "count must be 'bounded' or 'none'" })
    .default('bounded')
    .describe(
      "'none' skips counting past a full page: X-Total-Count is then a lower bound (capped)",
    ),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A list's order: a whitelisted column, descending when `descending`. */
export interface ListSort<Column extends string> {
  column: Column;
  descending: boolean;
}

const sortText = (columns: readonly string[]) => {
  const allowed = columns.flatMap((c) => [c, `-${c}`]);
  const message = `The sort must be one of: ${allowed.join(', ')}.`;
  const schema = z
    .string({ message })
    .trim()
    .refine((value) => allowed.includes(value), message);
  return { allowed, schema };
};

const readSort = <Column extends string>(value: string): ListSort<Column> => ({
  column: value.replace(/^-/, '') as Column,
  descending: value.startsWith('-'),
});

/**
 * Like `sortParam` with no default: absent, the list keeps its own order (undefined).
 */
export function optionalSortParam<const Column extends string>(columns: readonly Column[]) {
  const { allowed, schema } = sortText(columns);
  return schema
    .optional()
    .transform((value) => (value === undefined ? undefined : readSort<Column>(value)))
    .describe(`Order: ${allowed.join(', ')} ('-' for descending)`);
}

/**
 * The `sort` parameter of a list: one of `columns`, or `-` and one of them for descending
 * (`sort=name`, `sort=-dateOfBirth`). Anything else answers a sentence naming what is allowed.
 * Only these names ever reach SQL: the list maps each to its own column.
 */
export function sortParam<const Column extends string>(
  columns: readonly Column[],
  fallback: `${Column}` | `-${Column}`,
) {
  const { allowed, schema } = sortText(columns);
  return schema
    .default(fallback)
    .transform((value) => readSort<Column>(value))
    .describe(`Order: ${allowed.join(', ')} ('-' for descending); default ${fallback}`);
}

export const idParamsSchema = z.object({ id: dbId() });

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
