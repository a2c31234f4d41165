import { z } from 'zod';
import { appointmentTexts, validation } from '../messages.ts';
import {
  CARE_YEARS,
  dbId,
  listQuerySchema,
  MAX_ID,
  parseInstant,
  readIdText,
  requiredId,
  requiredText,
} from './common.ts';

// The one time parser lives in common.ts; services that store a validated value read it here.
export { parseInstant };

// toISOString() of a calendar span's edge: beyond year 9999 it has six digits and a sign.
const isoStringAnyYear = /^([+-]\d{6}|\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;

/**
 * Reads a range bound (from / to): what parseInstant reads in any year, and also any year a
 * JavaScript date can hold (a calendar reaches 275760), so a client may send its view's edges as
 * they are. A bound only filters: nothing outside the care years is ever stored.
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
    .refine((v) => parseInstant(v, CARE_YEARS) !== null, appointmentTexts.invalidDate);

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
    (v) => readIdText(blankToUndefined(v)),
    z
      .number({ message: validation.doctorUsernameRequired })
      .int()
      .positive()
      .max(MAX_ID)
      .optional(),
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
