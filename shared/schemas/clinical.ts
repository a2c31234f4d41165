import { z } from 'zod';
import { clinicalTexts } from '../messages.ts';

/** The database's integer range: a larger id could never exist, so it is refused as bad input. */
export { MAX_ID } from './common.ts';
import { CARE_YEARS, MAX_ID, parseCalendarDate, parseInstant, readIdText } from './common.ts';

/**
 * Reads an ISO 8601 point in time between 1900 and 2200 (the care years): the one parser of
 * common.ts with those bounds. Null when unreadable or out of range.
 */
export const parseClinicalInstant = (text: string): Date | null => parseInstant(text, CARE_YEARS);

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
    .refine((v) => parseCalendarDate(v, CARE_YEARS) !== null, clinicalTexts.invalidDate);

/** Treats '' and null (an empty form field) as absent. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** An id given as a number or numeric string; missing or not an id answers the message. */
export const clinicalId = (message: string) =>
  z.preprocess(
    (v) => readIdText(blankToUndefined(v)),
    z.number({ message }).int(message).positive(message).max(MAX_ID, message),
  );

/** Like clinicalId, but may be left out (then the server fills it in). */
export const optionalClinicalId = (message: string) =>
  z.preprocess(
    (v) => readIdText(blankToUndefined(v)),
    z.number({ message }).int(message).positive(message).max(MAX_ID, message).optional(),
  );

/** Path parameters `{id}` of the clinical calls. */
export const recordIdParamsSchema = z.object({
  id: z.preprocess(readIdText, z.number().int().positive().max(MAX_ID)),
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
