/**
 * Values the schemas (shared/schemas/*) and the screens share, kept free of zod: a screen that
 * shows a status's label or a measurement's range does not download the validators with it. The
 * schema modules re-export what belongs to them, so the server keeps one import per record type.
 */
import type { VitalMeasurement } from './messages.ts';
import { recordTypes } from './record-types.ts';

/** What an appointment is: planned, held, missed, or called off (kept, with a reason). */
export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'no-show', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** How long an appointment may be planned to take, in whole minutes. */
export const DEFAULT_DURATION_MINUTES = 30;
export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 480;

/** Texts of durations, statuses, cancelling and double bookings. */
export const appointmentStatusTexts = {
  durationRange: `Duration must be a whole number of minutes from ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}`,
  statusInvalid: 'Status must be scheduled, completed or no-show',
  reasonRequired: 'Give a reason for cancelling',
  alreadyCancelled: 'This appointment is already cancelled',
  cancelledStays: 'A cancelled appointment cannot change its status',
  confirmInvalid: 'confirmOverlap must be true or false',
  overlapTitle: 'Double booking',
  bookAnyway: 'Book anyway',
  goBack: 'Go back',
  markCompleted: 'Mark completed',
  markNoShow: 'Mark no-show',
  markScheduled: 'Mark scheduled',
  cancelAction: 'Cancel appointment',
  reasonLabel: 'Reason',
  statusChanged: 'Appointment status updated',
  /** The 409's sentence: who the doctor already sees, and when (UTC; the client shows local). */
  overlap: (patientName: string | null, when: string) =>
    patientName
      ? `The doctor already has an appointment with ${patientName} at ${when}. Book anyway?`
      : `The doctor already has an appointment at ${when}. Book anyway?`,
} as const;

/** The words each status is shown with. */
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
};

/**
 * The physiological range of each measurement: wide enough for a frail but living patient
 * (a pulse of 38, SpO2 of 82), narrow enough to catch a slip of the keyboard (a pulse of 900).
 * `decimals` is how precisely it is stored.
 */
export const vitalSignBounds = {
  systolic: { min: 50, max: 260, decimals: 0 },
  diastolic: { min: 20, max: 160, decimals: 0 },
  pulse: { min: 20, max: 250, decimals: 0 },
  respiratoryRate: { min: 4, max: 60, decimals: 0 },
  temperatureC: { min: 30, max: 43, decimals: 1 },
  spo2: { min: 50, max: 100, decimals: 0 },
  glucoseMmolL: { min: 1, max: 40, decimals: 1 },
  weightKg: { min: 1, max: 350, decimals: 1 },
  pain: { min: 0, max: 10, decimals: 0 },
} as const satisfies Record<VitalMeasurement, { min: number; max: number; decimals: 0 | 1 }>;

export const vitalMeasurements = Object.keys(vitalSignBounds) as VitalMeasurement[];

/** The types the timeline holds: every registry type about a patient but the patient itself. */
export const timelineTypes = recordTypes.map((t) => t.type).filter((t) => t !== 'patient') as [
  Exclude<(typeof recordTypes)[number]['type'], 'patient'>,
  ...Exclude<(typeof recordTypes)[number]['type'], 'patient'>[],
];
export type TimelineType = (typeof timelineTypes)[number];

/** The spans a vital-signs chart shows, in days. */
export const seriesSpans = ['7', '30', '90', 'all'] as const;
export type SeriesSpan = (typeof seriesSpans)[number];
/** At most this many readings come back for a chart (the newest). */
export const SERIES_MAX = 2000;

/** The longest visit, and the furthest a weekly repeat may run from its first visit. */
export const MAX_VISIT_MINUTES = 24 * 60;
export const MAX_REPEAT_DAYS = 366;
export const MAX_VISIT_TASKS = 30;

/** Rota pages: this many caregivers (rows) each, by name. */
export const ROTA_PAGE_SIZE = 50;

/** The header of GET /api/reminders that says whether the presets were created just now. */
export const PRESETS_CREATED_HEADER = 'X-Presets-Created';

/** Why recording a dose was refused with 409. */
export const doseConflictCodes = ['already-recorded', 'prn-too-soon', 'prn-daily-limit'] as const;

/** The body of a dose's 409 (doseConflictSchema in shared/schemas/doses.ts says the same). */
export interface DoseConflict {
  message: string;
  code: (typeof doseConflictCodes)[number];
  /** The outcome already recorded (already-recorded). */
  doseId?: number;
  /** When the next PRN dose is allowed (prn-*), ISO 8601. */
  nextAllowedAt?: string;
}

/** Whether a body is a dose's 409, read without the validators (the dose lists use it). */
export function isDoseConflict(body: unknown): body is DoseConflict {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code, doseId, nextAllowedAt } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    (doseConflictCodes as readonly unknown[]).includes(code) &&
    (doseId === undefined || typeof doseId === 'number') &&
    (nextAllowedAt === undefined || typeof nextAllowedAt === 'string')
  );
}
