import { z } from 'zod';
import { clinicalTexts } from '../messages.ts';

/** The database's integer range: a larger id could never exist, so it is refused as bad input. */
export { MAX_ID } from './common.ts';
import { MAX_ID } from './common.ts';
const minYear = 1900;
const maxYear = 2200;

const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 point in time between 1900 and 2200. A value without a zone (a
 * datetime-local value) is read as UTC, so the answer never depends on the server's zone.
 * Impossible dates (Feb 30) are refused rather than rolled over. Null when unreadable.
 */
export function parseClinicalInstant(text: string): Date | null {
  const value = text.trim();
  const match = isoDateTime.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < minYear || year > maxYear || month < 1 || month > 12) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  let normalized = value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  if (normalized.length === 10) normalized += 'T00:00';
  if (!zone) normalized += 'Z';
  else normalized = normalized.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const time = Date.parse(normalized);
  return Number.isNaN(time) ? null : new Date(time);
}

/** A required point in time: the seed's message when missing, a clear one when unreadable. */
export const clinicalDateTime = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .refine((v) => parseClinicalInstant(v) !== null, clinicalTexts.invalidDate);

/** A required calendar date YYYY-MM-DD (a prescription's date). */
export const clinicalDate = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseClinicalInstant(v) !== null,
      clinicalTexts.invalidDate,
    );

/** Treats '' and null (an empty form field) as absent. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** An id given as a number or numeric string; missing or not an id answers the message. */
export const clinicalId = (message: string) =>
  z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === 'string' ? Number(value) : value;
    },
    z.number({ message }).int(message).positive(message).max(MAX_ID, message),
  );

/** Like clinicalId, but may be left out (then the server fills it in). */
export const optionalClinicalId = (message: string) =>
  z.preprocess((v) => {
    const value = blankToUndefined(v);
    return typeof value === 'string' ? Number(value) : value;
  }, z.number({ message }).int(message).positive(message).max(MAX_ID, message).optional());

/** Path parameters `{id}` of the clinical calls. */
export const recordIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** What every clinical record answer carries besides its own fields. */
export const recordBaseSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  /** The patient's name, shown beside the id. */
  patientName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
