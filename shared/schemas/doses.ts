import { z } from 'zod';
import { doseConflictCodes, type DoseConflict } from '../constants.ts';
import { agencyAccountTexts, agencyTexts, doseTexts, validation, visitTexts } from '../messages.ts';
import { optionalText } from './common.ts';
import { clinicalId, parseClinicalInstant, recordBaseSchema } from './clinical.ts';

// ---------------------------------------------------------------------------------------------
// The schedule of a prescription (fields of the prescription's input and answer).
// ---------------------------------------------------------------------------------------------

export const doseRoutes = ['oral', 'topical', 'inhaled', 'injection', 'other'] as const;
export type DoseRoute = (typeof doseRoutes)[number];
export const scheduleKinds = ['fixed', 'prn'] as const;
export type ScheduleKind = (typeof scheduleKinds)[number];

/** 'HH:MM', 00:00 to 23:59. */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => {
  if (!calendarDate.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};
const optionalDate = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message })
      .refine((v) => isCalendarDate(v) && v >= '1900-01-01' && v <= '2200-12-31', message)
      .nullish(),
  );
const optionalInt = (message: string, min: number, max: number) =>
  z.preprocess((v) => {
    const value = blankToNull(v);
    return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  }, z.number({ message }).int(message).min(min, message).max(max, message).nullish());

/**
 * The schedule's fields as the prescription's input takes them. All optional: a prescription
 * without `schedule` is a record only. `refineSchedule` checks them together.
 */
export const scheduleInputFields = {
  route: z.preprocess(
    blankToNull,
    z.enum(doseRoutes, { message: doseTexts.routeInvalid }).nullish(),
  ),
  instructions: optionalText(500),
  schedule: z.preprocess(
    blankToNull,
    z.enum(scheduleKinds, { message: doseTexts.scheduleInvalid }).nullish(),
  ),
  /** YYYY-MM-DD, the first day of doses; defaults to the prescription's date. */
  startDate: optionalDate(validation.dateRequired),
  /** YYYY-MM-DD, the last day of doses, inclusive. */
  endDate: optionalDate(validation.dateRequired),
  /** Instead of the end date: the number of days from the start date, the start included. */
  durationDays: optionalInt(doseTexts.durationInvalid, 1, 3650),
  /** Fixed: the times of day, 'HH:MM' in the agency's time zone. */
  doseTimes: z
    .array(
      z
        .string({ message: doseTexts.doseTimeInvalid })
        .regex(timeOfDayPattern, doseTexts.doseTimeInvalid),
      {
        message: doseTexts.doseTimeInvalid,
      },
    )
    .max(12, doseTexts.doseTimesTooMany)
    .refine((times) => new Set(times).size === times.length, doseTexts.doseTimesRepeated)
    .nullish(),
  /** Fixed: ISO weekdays (1 Monday .. 7 Sunday); absent or null: every day. */
  weekdays: z
    .array(
      z
        .number({ message: doseTexts.weekdaysInvalid })
        .int(doseTexts.weekdaysInvalid)
        .min(1, doseTexts.weekdaysInvalid)
        .max(7, doseTexts.weekdaysInvalid),
      {
        message: doseTexts.weekdaysInvalid,
      },
    )
    .min(1, doseTexts.weekdaysInvalid)
    .refine((days) => new Set(days).size === days.length, doseTexts.weekdaysInvalid)
    .nullish(),
  /** PRN: the least time between two doses, in minutes (15 .. 1440). */
  prnMinIntervalMinutes: optionalInt(doseTexts.prnMinIntervalInvalid, 15, 1440),
  /** PRN: the most doses in any 24 hours (1 .. 24). */
  prnMaxPerDay: optionalInt(doseTexts.prnMaxPerDayInvalid, 1, 24),
};

interface ScheduleValues {
  schedule?: ScheduleKind | null;
  startDate?: string | null;
  endDate?: string | null;
  durationDays?: number | null;
  doseTimes?: string[] | null;
  weekdays?: number[] | null;
  prnMinIntervalMinutes?: number | null;
  prnMaxPerDay?: number | null;
}

/** The schedule's rules across fields, each on its own field: add to the input's superRefine. */
export function refineSchedule(values: ScheduleValues, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (values.endDate && values.durationDays) issue('durationDays', doseTexts.endAndDuration);
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    issue('endDate', doseTexts.endBeforeStart);
  }
  if (values.schedule === 'fixed') {
    if (!values.doseTimes || values.doseTimes.length === 0) {
      issue('doseTimes', doseTexts.doseTimesRequired);
    }
    if (values.prnMinIntervalMinutes != null) issue('prnMinIntervalMinutes', doseTexts.prnOnly);
    if (values.prnMaxPerDay != null) issue('prnMaxPerDay', doseTexts.prnOnly);
  } else if (values.schedule === 'prn') {
    if (values.prnMinIntervalMinutes == null) {
      issue('prnMinIntervalMinutes', doseTexts.prnMinIntervalInvalid);
    }
    if (values.prnMaxPerDay == null) issue('prnMaxPerDay', doseTexts.prnMaxPerDayInvalid);
    if (values.doseTimes?.length) issue('doseTimes', doseTexts.fixedOnly);
    if (values.weekdays?.length) issue('weekdays', doseTexts.fixedOnly);
  } else {
    if (values.doseTimes?.length) issue('doseTimes', doseTexts.fixedOnly);
    if (values.weekdays?.length) issue('weekdays', doseTexts.fixedOnly);
    if (values.prnMinIntervalMinutes != null) issue('prnMinIntervalMinutes', doseTexts.prnOnly);
    if (values.prnMaxPerDay != null) issue('prnMaxPerDay', doseTexts.prnOnly);
  }
}

/** The schedule as a prescription answers it (nulls when it has none). */
export const scheduleAnswerFields = {
  route: z.enum(doseRoutes).nullable(),
  instructions: z.string(),
  schedule: z.enum(scheduleKinds).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  doseTimes: z.array(z.string()).nullable(),
  weekdays: z.array(z.number()).nullable(),
  prnMinIntervalMinutes: z.number().nullable(),
  prnMaxPerDay: z.number().nullable(),
};

// ---------------------------------------------------------------------------------------------
// Doses and their outcomes.
// ---------------------------------------------------------------------------------------------

/** What a caregiver or doctor records. 'given-late' is stored by the server for a late 'given'. */
export const doseInputOutcomes = ['given', 'refused', 'not-given'] as const;
export const doseOutcomes = ['given', 'given-late', 'refused', 'not-given'] as const;
export type DoseOutcome = (typeof doseOutcomes)[number];
export const notGivenReasons = [
  'asleep',
  'absent',
  'in-hospital',
  'nausea',
  'out-of-stock',
  'withheld',
  'other',
] as const;
export type NotGivenReason = (typeof notGivenReasons)[number];
/** Where a scheduled dose stands: before its window, in it, past it, or its outcome. */
export const doseStatuses = ['upcoming', 'due', 'late', 'missed', ...doseOutcomes] as const;
export type DoseStatus = (typeof doseStatuses)[number];

const optionalInstant = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message })
      .trim()
      .refine((v) => parseClinicalInstant(v) !== null, message)
      .nullish(),
  );

/**
 * POST /api/doses (record an outcome) and PUT /api/doses/{id} (correct it: the same dose, a new
 * outcome; the version replaced is kept). A scheduled dose names its time; a PRN dose leaves it
 * out and is 'given' with a reason.
 */
export const doseInputSchema = z
  .object({
    patientId: clinicalId(validation.patientIdRequired),
    prescriptionId: clinicalId(doseTexts.prescriptionRequired),
    /** ISO 8601: the scheduled time of the dose (as the due list and MAR answer it); PRN: absent. */
    scheduledAt: optionalInstant(doseTexts.scheduledAtInvalid),
    outcome: z.enum(doseInputOutcomes, { message: doseTexts.outcomeInvalid }),
    /** ISO 8601: when it was given; defaults to now for a dose given. */
    givenAt: optionalInstant(doseTexts.givenAtInvalid),
    reason: z.preprocess(
      blankToNull,
      z.enum(notGivenReasons, { message: doseTexts.reasonInvalid }).nullish(),
    ),
    prnReason: optionalText(500),
    note: optionalText(1000),
  })
  .superRefine((values, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (values.outcome === 'not-given' && !values.reason) issue('reason', doseTexts.reasonRequired);
    if (values.outcome !== 'not-given' && values.reason) {
      issue('reason', doseTexts.reasonOnlyNotGiven);
    }
    if (values.outcome !== 'given' && !values.note?.trim()) issue('note', doseTexts.noteRequired);
  });
export type DoseInput = z.infer<typeof doseInputSchema>;
export type DoseFormValues = z.input<typeof doseInputSchema>;

/** What an outcome says, in every answer that carries one. */
const outcomeFields = {
  outcome: z.enum(doseOutcomes),
  /** ISO 8601 in UTC. */
  givenAt: z.string().nullable(),
  reason: z.enum(notGivenReasons).nullable(),
  note: z.string(),
  recordedByName: z.string(),
};

/** A medicine of a patient as the round lists it. */
const medicineFields = {
  prescriptionId: z.number(),
  patientId: z.number(),
  medication: z.string(),
  dosage: z.string(),
  route: z.enum(doseRoutes).nullable(),
  instructions: z.string(),
};

/** An earlier version of an outcome, replaced by a correction. */
export const doseCorrectionSchema = z.object({
  ...outcomeFields,
  prnReason: z.string(),
  recordedAt: z.string(),
  replacedByName: z.string(),
  replacedAt: z.string(),
});
export type DoseCorrection = z.infer<typeof doseCorrectionSchema>;

/** A recorded dose (the `dose` record type). */
export const doseSchema = recordBaseSchema.extend({
  prescriptionId: z.number(),
  medication: z.string(),
  dosage: z.string(),
  /** ISO 8601 in UTC; null for a PRN dose. */
  scheduledAt: z.string().nullable(),
  ...outcomeFields,
  prnReason: z.string(),
  /** The time the dose stands at: scheduled, or given for a PRN dose. */
  doseTime: z.string(),
  recordedBy: z.number(),
  /** The versions it replaced, oldest first. */
  corrections: z.array(doseCorrectionSchema),
});
export type Dose = z.infer<typeof doseSchema>;

/** The 409 of recording a dose that already has an outcome. */
export const doseConflictSchema = z.object({
  message: z.string(),
  code: z.enum(doseConflictCodes),
  /** The outcome already recorded (already-recorded). */
  doseId: z.number().optional(),
  /** When the next PRN dose is allowed (prn-*), ISO 8601. */
  nextAllowedAt: z.string().optional(),
}) satisfies z.ZodType<DoseConflict>;

/** The outcome on a slot, as lists show it. */
export const slotOutcomeSchema = z.object({
  doseId: z.number(),
  ...outcomeFields,
  /** Initials of who recorded it (the MAR's cells). */
  initials: z.string(),
});
export type SlotOutcome = z.infer<typeof slotOutcomeSchema>;

/** One scheduled dose, generated from a prescription's schedule, with its outcome if any. */
export const doseSlotSchema = z.object({
  ...medicineFields,
  /** ISO 8601 in UTC. */
  scheduledAt: z.string(),
  /** The local date and time of the dose in the agency's zone: 'YYYY-MM-DD', 'HH:MM'. */
  localDate: z.string(),
  localTime: z.string(),
  status: z.enum(doseStatuses),
  outcome: slotOutcomeSchema.nullable(),
});
export type DoseSlot = z.infer<typeof doseSlotSchema>;

/** An as-needed prescription of a patient: when the next dose may be given. */
export const prnStatusSchema = z.object({
  ...medicineFields,
  minIntervalMinutes: z.number(),
  maxPerDay: z.number(),
  /** Doses given in the last 24 hours. */
  givenLast24h: z.number(),
  lastGivenAt: z.string().nullable(),
  /** Null: allowed now. */
  nextAllowedAt: z.string().nullable(),
});
export type PrnStatus = z.infer<typeof prnStatusSchema>;

/** GET /api/doses/due: the caller's patients' doses due now and overdue, and their PRN medicines. */
export const dueDosesSchema = z.object({
  /** ISO 8601: the moment the list was made. */
  now: z.string(),
  timeZone: z.string(),
  patients: z.array(
    z.object({
      patientId: z.number(),
      patientName: z.string(),
      /** Due, late and missed (the last 24 hours) without an outcome, oldest first. */
      doses: z.array(doseSlotSchema),
      prn: z.array(prnStatusSchema),
    }),
  ),
});
export type DueDoses = z.infer<typeof dueDosesSchema>;

/** GET /api/doses/summary: late now, and missed over the last 7 days, for the caller's patients. */
export const doseSummarySchema = z.object({
  late: z.number(),
  missed: z.number(),
});
export type DoseSummary = z.infer<typeof doseSummarySchema>;

/** Given ÷ scheduled over a span (doses whose time and due window have passed). */
export const adherenceSpanSchema = z.object({
  given: z.number(),
  scheduled: z.number(),
  /** Null when nothing was scheduled. */
  ratio: z.number().nullable(),
});
export const adherenceSchema = z.object({
  days7: adherenceSpanSchema,
  days30: adherenceSpanSchema,
});
export type Adherence = z.infer<typeof adherenceSchema>;

/** GET /api/patients/{id}/doses?date=YYYY-MM-DD: one patient's day (the chart). */
export const patientDoseDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  doses: z.array(doseSlotSchema),
  prn: z.array(prnStatusSchema),
  /** The PRN doses given that day. */
  prnGiven: z.array(doseSchema),
  adherence: adherenceSchema,
});
export type PatientDoseDay = z.infer<typeof patientDoseDaySchema>;

export const doseDayQuerySchema = z.object({
  date: z
    .string({ message: doseTexts.dateInvalid })
    .refine((v) => isCalendarDate(v), doseTexts.dateInvalid)
    .optional(),
});
export const marQuerySchema = z.object({
  month: z
    .string({ message: doseTexts.monthInvalid })
    .refine(
      (v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '1900-01' && v <= '2200-12',
      doseTexts.monthInvalid,
    )
    .optional(),
});

/** The MAR's cell codes (shared/dose-codes.ts maps outcomes and reasons to them). */
export const marCellSchema = z.object({
  scheduledAt: z.string(),
  status: z.enum(doseStatuses),
  /** The letter shown: the initials for a dose given, a code otherwise ('' while not yet due). */
  code: z.string(),
  doseId: z.number().nullable(),
});
export type MarCell = z.infer<typeof marCellSchema>;

/** GET /api/patients/{id}/mar?month=YYYY-MM: the month's medication administration record. */
export const marSchema = z.object({
  patient: z.object({
    id: z.number(),
    name: z.string(),
    dateOfBirth: z.string().nullable(),
  }),
  /** YYYY-MM. */
  month: z.string(),
  timeZone: z.string(),
  /** The number of days of the month: each row has one cell per day (null: no dose that day). */
  days: z.number(),
  rows: z.array(
    z.object({
      prescriptionId: z.number(),
      medication: z.string(),
      dosage: z.string(),
      route: z.enum(doseRoutes).nullable(),
      instructions: z.string(),
      /** 'HH:MM' */
      time: z.string(),
      cells: z.array(marCellSchema.nullable()),
    }),
  ),
  prn: z.array(
    z.object({
      doseId: z.number(),
      prescriptionId: z.number(),
      medication: z.string(),
      dosage: z.string(),
      givenAt: z.string().nullable(),
      prnReason: z.string(),
      note: z.string(),
      recordedByName: z.string(),
      initials: z.string(),
    }),
  ),
  adherence: adherenceSchema,
});
export type Mar = z.infer<typeof marSchema>;

// ---------------------------------------------------------------------------------------------
// The agency's settings.
// ---------------------------------------------------------------------------------------------

/** Whether the runtime knows the IANA zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

/** Who may sign up without an invitation: anyone (as before), only patients, or no one. */
export const signUpPolicies = ['open', 'patients', 'closed'] as const;
export type SignUpPolicy = (typeof signUpPolicies)[number];

export const agencySettingsSchema = z.object({
  timeZone: z.string(),
  doseWindowMinutes: z.number(),
  doseMissedAfterMinutes: z.number(),
  /** A visit not checked in this many minutes after its start is late. */
  visitLateAfterMinutes: z.number(),
  /** Who may sign up without an invitation. */
  signUpPolicy: z.enum(signUpPolicies),
  /** How many days an invitation link stays valid. */
  invitationDays: z.number(),
  /** Admins and supervisors must sign in with a second factor. */
  requireTwoFactorForStaff: z.boolean(),
  /** How many years audit rows are kept before they are archived and removed. */
  auditRetentionYears: z.number(),
});
export type AgencySettings = z.infer<typeof agencySettingsSchema>;

/** PUT /api/agency-settings (administrators). */
export const agencySettingsInputSchema = z
  .object({
    timeZone: z
      .string({ message: agencyTexts.timeZoneInvalid })
      .trim()
      .refine(isTimeZone, agencyTexts.timeZoneInvalid),
    doseWindowMinutes: z
      .number({ message: agencyTexts.doseWindowInvalid })
      .int(agencyTexts.doseWindowInvalid)
      .min(5, agencyTexts.doseWindowInvalid)
      .max(240, agencyTexts.doseWindowInvalid),
    doseMissedAfterMinutes: z
      .number({ message: agencyTexts.doseMissedAfterInvalid })
      .int(agencyTexts.doseMissedAfterInvalid)
      .min(10, agencyTexts.doseMissedAfterInvalid)
      .max(1440, agencyTexts.doseMissedAfterInvalid),
    /** Absent: kept as it is. */
    visitLateAfterMinutes: z
      .number({ message: visitTexts.lateAfterInvalid })
      .int(visitTexts.lateAfterInvalid)
      .min(5, visitTexts.lateAfterInvalid)
      .max(240, visitTexts.lateAfterInvalid)
      .optional(),
    /** Absent: kept as it is (and the account settings below). */
    signUpPolicy: z
      .enum(signUpPolicies, { message: agencyAccountTexts.signUpPolicyInvalid })
      .optional(),
    invitationDays: z
      .number({ message: agencyAccountTexts.invitationDaysInvalid })
      .int(agencyAccountTexts.invitationDaysInvalid)
      .min(1, agencyAccountTexts.invitationDaysInvalid)
      .max(30, agencyAccountTexts.invitationDaysInvalid)
      .optional(),
    requireTwoFactorForStaff: z
      .boolean({ message: agencyAccountTexts.requireTwoFactorInvalid })
      .optional(),
    auditRetentionYears: z
      .number({ message: agencyAccountTexts.auditRetentionYearsInvalid })
      .int(agencyAccountTexts.auditRetentionYearsInvalid)
      .min(1, agencyAccountTexts.auditRetentionYearsInvalid)
      .max(100, agencyAccountTexts.auditRetentionYearsInvalid)
      .optional(),
  })
  .refine((v) => v.doseMissedAfterMinutes > v.doseWindowMinutes, {
    path: ['doseMissedAfterMinutes'],
    message: agencyTexts.doseMissedAfterInvalid,
  });
export type AgencySettingsInput = z.infer<typeof agencySettingsInputSchema>;
