import { z } from 'zod';
import { MAX_REPEAT_DAYS, MAX_VISIT_MINUTES, MAX_VISIT_TASKS } from '../constants.ts';
import { visitTexts } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import {
  clinicalId,
  optionalClinicalId,
  parseClinicalInstant,
  recordBaseSchema,
} from './clinical.ts';

// ---------------------------------------------------------------------------------------------
// Caregiver visits (the `visit` record type) and care plan tasks (`care-plan-task`).
// Instants travel as ISO 8601 (answers in UTC); dates and times of day that a person reads are
// also given in the agency's zone ('YYYY-MM-DD', 'HH:MM'), as the medication round does.
// ---------------------------------------------------------------------------------------------

export const serviceTypes = [
  'personal-care',
  'medication-support',
  'meal-preparation',
  'companionship',
  'nursing',
  'other',
] as const;
export type ServiceType = (typeof serviceTypes)[number];

export const visitStatuses = [
  'planned',
  'in-progress',
  'completed',
  'missed',
  'cancelled',
] as const;
export type VisitStatus = (typeof visitStatuses)[number];

export const taskStatuses = ['pending', 'done', 'not-done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const locationStatuses = ['shared', 'refused', 'unavailable'] as const;
export type LocationStatus = (typeof locationStatuses)[number];

export const timesheetExceptions = [
  'late',
  'early-leave',
  'missing-check-out',
  'missed',
  'corrected',
] as const;
export type TimesheetException = (typeof timesheetExceptions)[number];

/** Edit or cancel one occurrence, or it and every later planned one of its series. */
export const applyToChoices = ['one', 'following'] as const;
export type ApplyTo = (typeof applyToChoices)[number];

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (v: string): boolean => {
  if (!calendarDate.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === v &&
    v >= '1900-01-01' &&
    v <= '2200-12-31'
  );
};

/** A required instant: the field's message when missing, the invalid one when unreadable. */
const instant = (required: string, invalid: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .refine((v) => parseClinicalInstant(v) !== null, invalid);

const taskTitle = requiredText(visitTexts.taskTitleRequired, 200);

const weekdays = z
  .array(
    z
      .number({ message: visitTexts.weekdaysInvalid })
      .int(visitTexts.weekdaysInvalid)
      .min(1, visitTexts.weekdaysInvalid)
      .max(7, visitTexts.weekdaysInvalid),
    { message: visitTexts.weekdaysRequired },
  )
  .min(1, visitTexts.weekdaysRequired)
  .refine((days) => new Set(days).size === days.length, visitTexts.weekdaysInvalid);

/** A weekly repeat: the chosen days until a last date (inclusive, in the agency's zone). */
export const visitRepeatSchema = z.object({
  weekdays,
  until: z
    .string({ message: visitTexts.untilRequired })
    .trim()
    .min(1, visitTexts.untilRequired)
    .refine(isCalendarDate, visitTexts.untilInvalid),
});
export type VisitRepeat = z.infer<typeof visitRepeatSchema>;

/** End after start and at most 24 hours later, on the end field. */
function refineTimes(
  values: { plannedStart: string; plannedEnd: string },
  ctx: z.RefinementCtx,
): void {
  const start = parseClinicalInstant(values.plannedStart);
  const end = parseClinicalInstant(values.plannedEnd);
  if (!start || !end) return;
  if (end.getTime() <= start.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: visitTexts.endBeforeStart });
  } else if (end.getTime() - start.getTime() > MAX_VISIT_MINUTES * 60_000) {
    ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: visitTexts.tooLong });
  }
}

const visitFields = {
  /** Null or absent: not assigned yet. */
  caregiverId: z.preprocess(
    (v) => (v === '' ? null : v),
    optionalClinicalId(visitTexts.caregiverInvalid).nullable(),
  ),
  /** ISO 8601; without a zone it is read as UTC (the house parser). */
  plannedStart: instant(visitTexts.startRequired, visitTexts.startInvalid),
  plannedEnd: instant(visitTexts.endRequired, visitTexts.endInvalid),
  serviceType: z.enum(serviceTypes, { message: visitTexts.serviceTypeInvalid }),
  instructions: optionalText(1000),
};

/**
 * POST /api/visits: one visit, or the first of a weekly series (`repeat`). `tasks` absent: the
 * patient's care plan tasks are copied; given (even empty): these titles, in order.
 */
export const visitInputSchema = z
  .object({
    patientId: clinicalId(visitTexts.patientRequired),
    ...visitFields,
    tasks: z.array(taskTitle).max(MAX_VISIT_TASKS, visitTexts.tasksTooMany).optional(),
    repeat: visitRepeatSchema.nullish(),
  })
  .superRefine((values, ctx) => {
    refineTimes(values, ctx);
    const start = parseClinicalInstant(values.plannedStart);
    if (start && values.repeat && isCalendarDate(values.repeat.until)) {
      // The agency-zone check is the server's; here the UTC date bounds it within a day.
      const first = start.toISOString().slice(0, 10);
      const last = new Date(start.getTime() + MAX_REPEAT_DAYS * 86_400_000)
        .toISOString()
        .slice(0, 10);
      if (values.repeat.until < first) {
        ctx.addIssue({
          code: 'custom',
          path: ['repeat', 'until'],
          message: visitTexts.untilBeforeStart,
        });
      } else if (values.repeat.until > last) {
        ctx.addIssue({
          code: 'custom',
          path: ['repeat', 'until'],
          message: visitTexts.untilTooFar,
        });
      }
    }
  });
export type VisitInput = z.infer<typeof visitInputSchema>;
export type VisitFormValues = z.input<typeof visitInputSchema>;

/**
 * PUT /api/visits/{id}: a planned visit's caregiver, times, service and instructions. With
 * `applyTo: 'following'` the caregiver, service, instructions and the local times of day apply
 * to this and every later planned visit of its series, each on its own date. `tasks` absent:
 * unchanged; given: the visit's task list becomes these (an `id` keeps that task and its mark).
 */
export const visitUpdateSchema = z
  .object({
    ...visitFields,
    tasks: z
      .array(
        z.object({
          id: optionalClinicalId(visitTexts.taskOfAnotherVisit),
          title: taskTitle,
        }),
      )
      .max(MAX_VISIT_TASKS, visitTexts.tasksTooMany)
      .optional(),
    applyTo: z.enum(applyToChoices, { message: visitTexts.applyToInvalid }).default('one'),
  })
  .superRefine(refineTimes);
export type VisitUpdate = z.infer<typeof visitUpdateSchema>;

/** POST /api/visits/{id}/cancel. */
export const visitCancelSchema = z.object({
  reason: requiredText(visitTexts.reasonRequired, 500),
  applyTo: z.enum(applyToChoices, { message: visitTexts.applyToInvalid }).default('one'),
});
export type VisitCancel = z.infer<typeof visitCancelSchema>;

/** Where the caregiver was, if the browser shared it; refusal is an answer too. */
export const visitLocationSchema = z
  .object({
    status: z.enum(locationStatuses, { message: visitTexts.positionRequired }),
    latitude: z
      .number({ message: visitTexts.latitudeInvalid })
      .min(-90, visitTexts.latitudeInvalid)
      .max(90, visitTexts.latitudeInvalid)
      .nullish(),
    longitude: z
      .number({ message: visitTexts.longitudeInvalid })
      .min(-180, visitTexts.longitudeInvalid)
      .max(180, visitTexts.longitudeInvalid)
      .nullish(),
    accuracy: z
      .number({ message: visitTexts.accuracyInvalid })
      .min(0, visitTexts.accuracyInvalid)
      .max(100_000, visitTexts.accuracyInvalid)
      .nullish(),
  })
  .superRefine((v, ctx) => {
    const given = [v.latitude, v.longitude, v.accuracy].filter((x) => x != null).length;
    if (v.status === 'shared' && given < 3) {
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: visitTexts.positionRequired });
    }
    if (v.status !== 'shared' && given > 0) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: visitTexts.positionWithoutShared });
    }
  });
export type VisitLocation = z.infer<typeof visitLocationSchema>;

/** POST /api/visits/{id}/check-in: the time is the server's. */
export const checkInSchema = z.object({ location: visitLocationSchema });
export type CheckIn = z.infer<typeof checkInSchema>;

/**
 * POST /api/visits/{id}/check-out: every task's outcome (a reason for each not done), a note,
 * and whether to file the note and tasks as a progress report in the same step.
 */
export const checkOutSchema = z.object({
  location: visitLocationSchema,
  tasks: z
    .array(
      z
        .object({
          id: clinicalId(visitTexts.taskOfAnotherVisit),
          status: z.enum(['done', 'not-done'], { message: visitTexts.taskOutcomesRequired }),
          reason: optionalText(500),
        })
        .superRefine((task, ctx) => {
          if (task.status === 'not-done' && !task.reason?.trim()) {
            ctx.addIssue({
              code: 'custom',
              path: ['reason'],
              message: visitTexts.taskReasonRequired,
            });
          }
        }),
    )
    .max(MAX_VISIT_TASKS, visitTexts.tasksTooMany)
    .default([]),
  note: optionalText(2000),
  createReport: z.boolean().default(false),
});
export type CheckOut = z.infer<typeof checkOutSchema>;
export type CheckOutFormValues = z.input<typeof checkOutSchema>;

/** PUT /api/visits/{id}/times: a supervisor's correction of check-in and check-out (timesheets). */
export const visitCorrectionSchema = z
  .object({
    checkInAt: z.preprocess(
      blankToNull,
      z
        .string({ message: visitTexts.startInvalid })
        .refine((v) => parseClinicalInstant(v) !== null, visitTexts.startInvalid)
        .nullish(),
    ),
    checkOutAt: z.preprocess(
      blankToNull,
      z
        .string({ message: visitTexts.endInvalid })
        .refine((v) => parseClinicalInstant(v) !== null, visitTexts.endInvalid)
        .nullish(),
    ),
    reason: requiredText(visitTexts.reasonRequired, 500),
  })
  .superRefine((v, ctx) => {
    if (!v.checkInAt && !v.checkOutAt) {
      ctx.addIssue({ code: 'custom', path: ['checkInAt'], message: visitTexts.correctionNothing });
    }
    const a = v.checkInAt ? parseClinicalInstant(v.checkInAt) : null;
    const b = v.checkOutAt ? parseClinicalInstant(v.checkOutAt) : null;
    if (a && b && b.getTime() <= a.getTime()) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkOutAt'],
        message: visitTexts.checkOutBeforeCheckIn,
      });
    }
  });
export type VisitCorrectionInput = z.infer<typeof visitCorrectionSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------

export const visitTaskSchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  status: z.enum(taskStatuses),
  reason: z.string(),
});
export type VisitTask = z.infer<typeof visitTaskSchema>;

export const visitCorrectionAnswerSchema = z.object({
  previousCheckInAt: z.string().nullable(),
  previousCheckOutAt: z.string().nullable(),
  previousStatus: z.enum(visitStatuses),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  reason: z.string(),
  correctedByName: z.string(),
  correctedAt: z.string(),
});
export type VisitCorrection = z.infer<typeof visitCorrectionAnswerSchema>;

/** A visit as a record (GET /api/visits/{id}, every write's answer). Instants in UTC. */
export const visitSchema = recordBaseSchema.extend({
  caregiverId: z.number().nullable(),
  caregiverName: z.string(),
  seriesId: z.number().nullable(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  serviceType: z.enum(serviceTypes),
  status: z.enum(visitStatuses),
  cancelReason: z.string().nullable(),
  instructions: z.string(),
  checkInAt: z.string().nullable(),
  checkInLocation: z.enum(locationStatuses).nullable(),
  checkInLatitude: z.number().nullable(),
  checkInLongitude: z.number().nullable(),
  checkInAccuracy: z.number().nullable(),
  checkOutAt: z.string().nullable(),
  checkOutLocation: z.enum(locationStatuses).nullable(),
  checkOutLatitude: z.number().nullable(),
  checkOutLongitude: z.number().nullable(),
  checkOutAccuracy: z.number().nullable(),
  note: z.string(),
  progressReportId: z.number().nullable(),
  recordedBy: z.number(),
  recordedByName: z.string(),
  tasks: z.array(visitTaskSchema),
  corrections: z.array(visitCorrectionAnswerSchema),
});
export type Visit = z.infer<typeof visitSchema>;

/** The 409 of a caregiver booked twice: the clashing visit, for the form to show. */
export const visitConflictSchema = z.object({
  message: z.string(),
  code: z.enum(['overlap']),
  visitId: z.number(),
});
export type VisitConflict = z.infer<typeof visitConflictSchema>;

/** A visit as the rota, the day view and the patient's list show it. */
export const visitSummarySchema = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  caregiverId: z.number().nullable(),
  caregiverName: z.string(),
  seriesId: z.number().nullable(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** In the agency's zone. */
  localDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  serviceType: z.enum(serviceTypes),
  status: z.enum(visitStatuses),
  /** Planned, not checked in, and past its start plus the late setting. */
  late: z.boolean(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  taskCount: z.number(),
  tasksDone: z.number(),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

/** GET /api/visits/mine?date=: the caller's visits of a day (default today), for the phone. */
export const myVisitsSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  now: z.string(),
  visits: z.array(
    visitSchema.extend({
      late: z.boolean(),
      localDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      patientAddress: z.string(),
      patientPhone: z.string(),
      /** When check-in opens (an hour before the start), ISO 8601. */
      checkInOpensAt: z.string(),
    }),
  ),
});
export type MyVisits = z.infer<typeof myVisitsSchema>;
export type MyVisit = MyVisits['visits'][number];

export const visitDayQuerySchema = z.object({
  date: z
    .string({ message: visitTexts.weekInvalid })
    .refine(isCalendarDate, visitTexts.weekInvalid)
    .optional(),
});

const rotaPage = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ message: visitTexts.pageInvalid })
    .int(visitTexts.pageInvalid)
    .min(1, visitTexts.pageInvalid)
    .max(100_000, visitTexts.pageInvalid)
    .optional(),
);

/**
 * Which caregivers a rota answer holds: a page of ROTA_PAGE_SIZE of those the caller plans
 * for, by name. Page 1 also holds the visits nobody is assigned to and those of caregivers not
 * on any page (deactivated, or off the caller's patients' care teams).
 */
const rotaPageFields = {
  page: z.number(),
  pageCount: z.number(),
  caregiverTotal: z.number(),
};

export const rotaConflictKinds = ['overlap', 'not-on-team', 'inactive-caregiver'] as const;
export type RotaConflictKind = (typeof rotaConflictKinds)[number];

/** GET /api/rota?week=YYYY-MM-DD (any day of the week; default this week): Monday to Sunday. */
export const rotaWeekSchema = z.object({
  ...rotaPageFields,
  /** The Monday. */
  weekStart: z.string(),
  /** The seven dates, Monday first. */
  days: z.array(z.string()),
  timeZone: z.string(),
  now: z.string(),
  /** Every active caregiver the caller plans for (rows), by name. */
  caregivers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** Planned minutes of the week's visits not cancelled. */
      plannedMinutes: z.number(),
    }),
  ),
  visits: z.array(visitSummarySchema),
  conflicts: z.array(
    z.object({
      visitId: z.number(),
      kind: z.enum(rotaConflictKinds),
      message: z.string(),
    }),
  ),
});
export type RotaWeek = z.infer<typeof rotaWeekSchema>;

export const rotaQuerySchema = z.object({
  week: z
    .string({ message: visitTexts.weekInvalid })
    .refine(isCalendarDate, visitTexts.weekInvalid)
    .optional(),
  /** The page of caregivers (ROTA_PAGE_SIZE each, by name); 1 by default. */
  page: rotaPage,
});

export const rotaDayQuerySchema = z.object({
  date: z
    .string({ message: visitTexts.weekInvalid })
    .refine(isCalendarDate, visitTexts.weekInvalid)
    .optional(),
  page: rotaPage,
});

/** GET /api/rota/day?date=: every visit of a day in the caller's scope, status live. */
export const rotaDaySchema = z.object({
  ...rotaPageFields,
  date: z.string(),
  timeZone: z.string(),
  now: z.string(),
  visits: z.array(visitSummarySchema),
  counts: z.object({
    planned: z.number(),
    late: z.number(),
    inProgress: z.number(),
    completed: z.number(),
    missed: z.number(),
    cancelled: z.number(),
  }),
});
export type RotaDay = z.infer<typeof rotaDaySchema>;

/** GET /api/patients/{id}/visits?from=&to= (dates; default today and 14 days on). */
export const patientVisitsQuerySchema = z.object({
  from: z
    .string({ message: visitTexts.periodInvalid })
    .refine(isCalendarDate, visitTexts.periodInvalid)
    .optional(),
  to: z
    .string({ message: visitTexts.periodInvalid })
    .refine(isCalendarDate, visitTexts.periodInvalid)
    .optional(),
});
export const patientVisitsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  visits: z.array(visitSummarySchema),
});
export type PatientVisits = z.infer<typeof patientVisitsSchema>;

/** Timesheets: one caregiver (default the caller) over a period of dates (at most 62 days). */
export const timesheetQuerySchema = z
  .object({
    caregiverId: optionalClinicalId(visitTexts.caregiverInvalid),
    from: z
      .string({ message: visitTexts.periodInvalid })
      .refine(isCalendarDate, visitTexts.periodInvalid),
    to: z
      .string({ message: visitTexts.periodInvalid })
      .refine(isCalendarDate, visitTexts.periodInvalid),
  })
  .refine(
    (v) =>
      v.from <= v.to &&
      Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`) < 62 * 86_400_000,
    { path: ['to'], message: visitTexts.periodInvalid },
  );
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

export const timesheetRowSchema = z.object({
  visitId: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  serviceType: z.enum(serviceTypes),
  status: z.enum(visitStatuses),
  localDate: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  checkInLocation: z.enum(locationStatuses).nullable(),
  checkInLatitude: z.number().nullable(),
  checkInLongitude: z.number().nullable(),
  checkInAccuracy: z.number().nullable(),
  plannedMinutes: z.number(),
  /** Null until checked out. */
  actualMinutes: z.number().nullable(),
  exceptions: z.array(z.enum(timesheetExceptions)),
  corrections: z.array(visitCorrectionAnswerSchema),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

export const timesheetTotalsSchema = z.object({
  visits: z.number(),
  completed: z.number(),
  missed: z.number(),
  /** Cancelled visits are listed but count in no minutes. */
  plannedMinutes: z.number(),
  actualMinutes: z.number(),
  exceptions: z.number(),
});

/** GET /api/timesheets?caregiverId=&from=&to= */
export const timesheetSchema = z.object({
  caregiver: z.object({ id: z.number(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  rows: z.array(timesheetRowSchema),
  totals: timesheetTotalsSchema,
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** GET /api/timesheets/summary?from=&to=: every caregiver's totals (supervisors). */
export const timesheetSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  caregivers: z.array(
    timesheetTotalsSchema.extend({ caregiverId: z.number(), caregiverName: z.string() }),
  ),
});
export type TimesheetSummary = z.infer<typeof timesheetSummarySchema>;
export const timesheetPeriodSchema = z
  .object({
    from: z
      .string({ message: visitTexts.periodInvalid })
      .refine(isCalendarDate, visitTexts.periodInvalid),
    to: z
      .string({ message: visitTexts.periodInvalid })
      .refine(isCalendarDate, visitTexts.periodInvalid),
  })
  .refine(
    (v) =>
      v.from <= v.to &&
      Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`) < 62 * 86_400_000,
    { path: ['to'], message: visitTexts.periodInvalid },
  );

/**
 * GET /api/timesheets/export?caregiverId=&from=&to= answers text/csv: one line per visit with
 * the six visit-verification facts (type of service, patient, caregiver, date, location, start
 * and end) and the timesheet's figures. Without caregiverId a supervisor gets every caregiver.
 */
export const timesheetCsvColumns = [
  'Visit ID',
  'Type of service',
  'Patient',
  'Patient ID',
  'Caregiver',
  'Caregiver ID',
  'Date',
  'Location (check-in)',
  'Location (check-out)',
  'Start',
  'End',
  'Planned start',
  'Planned end',
  'Planned minutes',
  'Actual minutes',
  'Status',
  'Exceptions',
] as const;

// ---------------------------------------------------------------------------------------------
// Care plan tasks.
// ---------------------------------------------------------------------------------------------

/** POST /api/care-plan-tasks and PUT /api/care-plan-tasks/{id}. */
export const carePlanTaskInputSchema = z.object({
  patientId: clinicalId(visitTexts.patientRequired),
  title: taskTitle,
  /** Its place in the list (0 first); absent: last. */
  position: z
    .number({ message: visitTexts.tasksTooMany })
    .int()
    .min(0)
    .max(MAX_VISIT_TASKS - 1)
    .optional(),
});
export type CarePlanTaskInput = z.infer<typeof carePlanTaskInputSchema>;

export const carePlanTaskSchema = recordBaseSchema.extend({
  title: z.string(),
  position: z.number(),
  recordedBy: z.number(),
  recordedByName: z.string(),
});
export type CarePlanTask = z.infer<typeof carePlanTaskSchema>;
