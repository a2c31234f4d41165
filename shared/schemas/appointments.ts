import { z } from 'zod';
import {
  APPOINTMENT_STATUSES,
  appointmentStatusTexts,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
} from '../constants.ts';
import { appointmentTexts, validation } from '../messages.ts';
import {
  CARE_YEARS,
  dbId,
  listQuerySchema,
  MAX_ID,
  optionalSortParam,
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

/** An optional instant for the from/to range filters; unreadable, a sentence naming it. */
const optionalInstant = (name: 'from' | 'to') =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || parseRangeBound(v) !== null,
      `The '${name}' time must be a date and time such as 2026-03-01T10:00:00Z.`,
    );

/** Treats '' (an empty form field) as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);

/** Reads a form's text ("30") or a JSON number; blank is absent. */
const optionalDuration = z.preprocess(
  (v) => {
    const value = blankToUndefined(v);
    return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  },
  z
    .number({ message: appointmentStatusTexts.durationRange })
    .int(appointmentStatusTexts.durationRange)
    .min(MIN_DURATION_MINUTES, appointmentStatusTexts.durationRange)
    .max(MAX_DURATION_MINUTES, appointmentStatusTexts.durationRange)
    .optional(),
);

/** A form's "true"/"false" or a JSON boolean; blank is absent. */
const optionalConfirm = z.preprocess(
  (v) => {
    const value = blankToUndefined(v);
    if (value === 'true') return true;
    if (value === 'false') return false;
    return value;
  },
  z.boolean({ message: appointmentStatusTexts.confirmInvalid }).nullish(),
);

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
  /** Minutes, 5 to 480; 30 when a new appointment leaves it out, unchanged on an edit. */
  durationMinutes: optionalDuration.describe(
    'Planned length in whole minutes (5 to 480). Default 30 on create; kept as it was on edit.',
  ),
  /** Book even though the doctor already has an appointment then (after a 409 `overlap`). */
  confirmOverlap: optionalConfirm.describe(
    "True books despite an overlapping appointment of the same doctor (after a 409 'overlap')",
  ),
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
  /** A number field's text, whole minutes 5 to 480. */
  durationMinutes: z
    .string({ message: appointmentStatusTexts.durationRange })
    .trim()
    .refine((v) => {
      if (!/^\d+$/.test(v)) return false;
      const n = Number(v);
      return n >= MIN_DURATION_MINUTES && n <= MAX_DURATION_MINUTES;
    }, appointmentStatusTexts.durationRange),
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
  /** Planned length in minutes. */
  durationMinutes: z.number(),
  status: appointmentStatusSchema,
  /** Why it was cancelled (only when status is cancelled). */
  cancelReason: z.string().nullable(),
  /** When it was cancelled, ISO 8601 in UTC. */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * The orders of the appointment lists: `date` (the appointment's date and time), `patient` (last
 * then first name), `doctor` (last then first name) and `status`; `-` first for descending.
 */
export const APPOINTMENT_SORTS = ['date', 'patient', 'doctor', 'status'] as const;
export type AppointmentSortColumn = (typeof APPOINTMENT_SORTS)[number];

/** The texts of the Appointments screen's sorting and filters. */
export const appointmentListTexts = {
  filtersLabel: 'Filter appointments',
  noMatch: 'No appointments match these filters.',
  patient: 'Patient',
  doctor: 'Doctor',
  from: 'From',
  to: 'To',
} as const;

const listFilters = {
  from: optionalInstant('from'),
  to: optionalInstant('to'),
  /** Order: 'asc' (default, soonest first) or 'desc'. */
  order: z
    .enum(['asc', 'desc'])
    .default('asc')
    .describe("By date: 'asc' (default, soonest first) or 'desc'. `sort`, when given, wins."),
  sort: optionalSortParam(APPOINTMENT_SORTS),
  status: appointmentStatusSchema.optional().describe('Only appointments with this status'),
  patientId: dbId().optional().describe("Only this patient's appointments"),
  doctorId: dbId().optional().describe("Only this doctor's appointments"),
};

/**
 * GET /api/appointments: paging, an optional [from, to) range of appointment dates, a status, a
 * patient and a doctor, and an order (`sort`; without it, by date in `order`'s direction). The
 * filters only narrow what the caller's scope shows.
 */
export const appointmentListQuerySchema = listQuerySchema.extend(listFilters);
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

/** One doctor's list: the path names the doctor. */
export const doctorAppointmentListQuerySchema = appointmentListQuerySchema.omit({ doctorId: true });

/** One patient's list: the path names the patient. */
export const patientAppointmentListQuerySchema = appointmentListQuerySchema.omit({
  patientId: true,
});

export const doctorParamsSchema = z.object({ doctorId: dbId() });
export const patientParamsSchema = z.object({ patientId: dbId() });

/** POST /api/appointments/{id}/status: mark held, missed, or planned again. */
export const appointmentStatusInputSchema = z.object({
  status: z.enum(['scheduled', 'completed', 'no-show'], {
    message: appointmentStatusTexts.statusInvalid,
  }),
});
export type AppointmentStatusInput = z.infer<typeof appointmentStatusInputSchema>;

/** POST /api/appointments/{id}/cancel: the reason is required. */
export const appointmentCancelInputSchema = z.object({
  reason: requiredText(appointmentStatusTexts.reasonRequired, 500),
});
export type AppointmentCancelInput = z.infer<typeof appointmentCancelInputSchema>;

/** The appointment a new booking would overlap. */
export const appointmentClashSchema = z.object({
  id: z.number(),
  /** Null when the caller may not see that patient. */
  patientName: z.string().nullable(),
  appointmentDate: z.string(),
  durationMinutes: z.number(),
});

/**
 * The 409 of POST /api/appointments and PUT /api/appointments/{id} when the doctor already has
 * an appointment (not cancelled) overlapping [date, date + duration) and the body does not carry
 * `confirmOverlap: true`.
 */
export const appointmentOverlapSchema = z.object({
  message: z.string(),
  code: z.literal('overlap'),
  clash: appointmentClashSchema,
});
export type AppointmentOverlap = z.infer<typeof appointmentOverlapSchema>;
