import { z } from 'zod';
import { clinicalTexts } from '../messages.ts';

/** The database's integer range: a larger id could never exist, so it is refused as bad input. */
export { MAX_ID } from './common.ts';
import {
  CARE_YEARS,
  MAX_ID,
  dbId,
  listQuerySchema,
  optionalSortParam,
  parseCalendarDate,
  parseInstant,
  readIdText,
  type ListQuery,
  type ListSort,
} from './common.ts';

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

/** The orders of a clinical record list: its own date, the patient's name, the named clinician. */
export const RECORD_SORTS = ['date', 'patient', 'doctor', 'caregiver'] as const;
export type RecordSortColumn = (typeof RECORD_SORTS)[number];

/** One end of a list's date range: a calendar day YYYY-MM-DD, both ends included. */
const rangeDay = (name: 'from' | 'to') =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => parseCalendarDate(v, CARE_YEARS) !== null,
        `The '${name}' date must be a day written YYYY-MM-DD, such as 2026-11-23.`,
      )
      .optional(),
  );

/**
 * The query of a clinical record list: paging and search, an order (`sort=date`, `-date`,
 * `patient`, and the clinician the record names, `doctor` or `caregiver`), and filters by patient,
 * by that clinician and by a range of days of the record's own date (in the reader's time zone).
 * A kind without its own date has neither date order nor range; absent, the order is newest first.
 */
export function recordListQuerySchema(options: {
  dated: boolean;
  person?: 'doctor' | 'caregiver';
}) {
  const sorts = RECORD_SORTS.filter(
    (column) =>
      (column === 'date' && options.dated) || column === 'patient' || column === options.person,
  );
  return listQuerySchema
    .extend({
      sort: optionalSortParam(sorts),
      patientId: dbId().optional().describe('Only this patient’s records'),
      ...(options.person
        ? {
            [`${options.person}Id`]: dbId()
              .optional()
              .describe(`Only this ${options.person}’s records`),
          }
        : {}),
      ...(options.dated ? { from: rangeDay('from'), to: rangeDay('to') } : {}),
    })
    .refine(
      (query) => {
        const { from, to } = query as { from?: string; to?: string };
        return !from || !to || from <= to;
      },
      { message: "The 'from' date must be on or before the 'to' date.", path: ['from'] },
    );
}

/** A clinical list's query as the services read it (the person filter under one name). */
export interface RecordListQuery extends ListQuery {
  sort?: ListSort<RecordSortColumn>;
  patientId?: number;
  doctorId?: number;
  caregiverId?: number;
  from?: string;
  to?: string;
  /** The browser's time zone (X-Time-Zone), for the days of a date range. */
  browserZone?: string;
}
