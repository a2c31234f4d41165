import { z } from 'zod';
import { appointmentTexts, validation } from '../messages.ts';
import { listQuerySchema, requiredId, requiredText, dbId, MAX_ID } from './common.ts';

// ISO 8601: a date, optionally a time (minutes, seconds, fraction), optionally a zone.
const isoInstant =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 point in time. A value without a zone (a datetime-local form value such as
 * '2024-12-01T10:00') is read as UTC, never in the server's own zone, so the answer does not
 * depend on where the server runs. Impossible dates (Feb 30, hour 25) are refused rather than
 * rolled over. Precision is the millisecond. Returns null when the text is not such a value.
 */
export function parseInstant(text: string): Date | null {
  const match = isoInstant.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', , zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  let normalized = text.trim().replace(' ', 'T');
  if (!zone) normalized += 'Z';
  // Date.parse handles at most milliseconds; longer fractions are cut, not rounded.
  normalized = normalized.replace(/(\.\d{3})\d+/, '$1');
  if (!/T/i.test(normalized.slice(10)))
    normalized = `${normalized.slice(0, 10)}T00:00${normalized.slice(10)}`;
  const time = Date.parse(normalized);
  return Number.isNaN(time) ? null : new Date(time);
}

// toISOString() of a calendar span's edge: beyond year 9999 it has six digits and a sign.
const isoStringAnyYear = /^([+-]\d{6}|\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

/**
 * Reads a range bound (from / to): what parseInstant reads, and also any year a JavaScript
 * date can hold (a calendar reaches 275760), so a client may send its view's edges as they are.
 */
export function parseRangeBound(text: string): Date | null {
  const exact = parseInstant(text);
  if (exact) return exact;
  if (!isoStringAnyYear.test(text.trim())) return null;
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : new Date(time);
}

/** A required point in time: the seed's message when missing, a clear one when unreadable. */
export const appointmentDateField = (message: string = validation.appointmentDateRequired) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .refine((v) => parseInstant(v) !== null, appointmentTexts.invalidDate);

/** An optional instant for from/to range filters. */
const optionalInstant = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || parseRangeBound(v) !== null, appointmentTexts.invalidDate);

/** Treats '' (an empty form field) as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * What POST /api/appointments and PUT /api/appointments/{id} accept, as JSON or as the seed's
 * multipart form (every value a string). doctorUsername may be left out: it then defaults to
 * the signed-in doctor (on create) or stays as it was (on edit). doctorId is accepted as an
 * alternative to doctorUsername.
 */
export const appointmentInputSchema = z.object({
  doctorUsername: z.preprocess(
    blankToUndefined,
    z.string({ message: validation.doctorUsernameRequired }).trim().max(100).optional(),
  ),
  doctorId: z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: validation.doctorUsernameRequired }).int().positive().optional(),
  ),
  patientId: requiredId(validation.patientIdRequired),
  appointmentDate: appointmentDateField(),
  location: requiredText(validation.locationRequired, 300),
});
export type AppointmentInput = z.infer<typeof appointmentInputSchema>;

/** The form on the Appointments screens: every field required, messages under each field. */
export const appointmentFormSchema = z.object({
  doctorUsername: requiredText(validation.doctorUsernameRequired, 100),
  patientId: z.number({ message: validation.patientIdRequired }).int().positive().max(MAX_ID),
  /** A datetime-local value, in the viewer's zone; converted with fromDateTimeLocal. */
  appointmentDate: z
    .string({ message: validation.appointmentDateRequired })
    .trim()
    .min(1, validation.appointmentDateRequired),
  location: requiredText(validation.locationRequired, 300),
});
export type AppointmentFormValues = z.infer<typeof appointmentFormSchema>;

export const appointmentSchema = z.object({
  id: z.number(),
  doctorId: z.number(),
  doctorUsername: z.string(),
  doctorName: z.string(),
  patientId: z.number(),
  patientName: z.string(),
  /** ISO 8601 in UTC, e.g. 2024-12-01T10:00:00.000Z. */
  appointmentDate: z.string(),
  location: z.string(),
  /** The user who asked for it (a doctor booking, or the patient requesting). */
  requestedBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Lists: paging plus an optional [from, to) range of appointment dates. */
export const appointmentListQuerySchema = listQuerySchema.extend({
  from: optionalInstant,
  to: optionalInstant,
  /** Order: 'asc' (default, soonest first) or 'desc'. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const doctorParamsSchema = z.object({ doctorId: dbId() });
export const patientParamsSchema = z.object({ patientId: dbId() });
