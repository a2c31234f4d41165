/**
 * The patient's chart: its header (GET /api/patients/{id}/chart), its timeline
 * (GET /api/patients/{id}/timeline), the readings its charts draw
 * (GET /api/patients/{id}/vital-series) and the ranges a doctor sets
 * (PUT /api/patients/{id}/vital-ranges).
 */
import { z } from 'zod';
import { chartTexts, thresholdTexts, vitalSignLabels, type VitalMeasurement } from '../messages.ts';
import {
  seriesSpans,
  timelineTypes,
  vitalMeasurements,
  vitalSignBounds,
  type TimelineType,
} from '../constants.ts';
import { allergySchema, allergyStatuses } from './allergies.ts';
import { CARE_YEARS, parseCalendarDate } from './common.ts';
import { conditionSchema } from './conditions.ts';
import { careTeamMemberSchema, patientSchema } from './patients.ts';
import { vitalSignSchema } from './vital-signs.ts';

const rangeSchema = z.object({ low: z.number().nullable(), high: z.number().nullable() });
const patientRangeSchema = rangeSchema.extend({
  /** True when no doctor set this patient's own range: the common clinical range applies. */
  isDefault: z.boolean(),
});
/** Every measurement's range for the patient, in stored units (°C, mmol/L). */
export const patientRangesSchema = z.object(
  Object.fromEntries(vitalMeasurements.map((m) => [m, patientRangeSchema])) as Record<
    VitalMeasurement,
    typeof patientRangeSchema
  >,
);

/** One bound: a number within the measurement's physiological range, or null (open). */
const bound = (m: VitalMeasurement) => {
  const { min, max } = vitalSignBounds[m];
  const message = thresholdTexts.boundOutOfRange(vitalSignLabels[m].label, min, max);
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ message }).min(min, message).max(max, message).nullable(),
  );
};

/**
 * PUT /api/patients/{id}/vital-ranges: the measurements to change. A range sets the patient's
 * own (either bound may be null, open); null returns the measurement to the default range.
 * Measurements left out stay as they are.
 */
const rangeInput = (m: VitalMeasurement) =>
  z
    .object({ low: bound(m), high: bound(m) })
    .refine((r) => r.low === null || r.high === null || r.low < r.high, {
      message: thresholdTexts.lowBelowHigh,
      path: ['high'],
    })
    .nullable()
    .optional();

export const vitalRangesInputSchema = z.object({
  ranges: z
    .object(
      Object.fromEntries(vitalMeasurements.map((m) => [m, rangeInput(m)])) as Record<
        VitalMeasurement,
        ReturnType<typeof rangeInput>
      >,
    )
    .strict(),
});
export type VitalRangesInput = z.infer<typeof vitalRangesInputSchema>;

/** The chart's header: everything the first screen shows, in a bounded number of queries. */
export const chartSchema = z.object({
  patient: patientSchema,
  /** Whole years on the server's today. */
  ageYears: z.number(),
  /** Null for a caller who may not read allergies (a coordinator): the chart shows none. */
  allergyStatus: z.enum(allergyStatuses).nullable(),
  /** Active allergies, newest first (empty for a caller who may not read them). */
  allergies: z.array(allergySchema),
  /** Active conditions, newest first (empty for a caller who may not read them). */
  conditions: z.array(conditionSchema),
  careTeam: z.array(careTeamMemberSchema),
  /** The patient's vital-sign ranges, or null for a caller who may not read vital signs. */
  ranges: patientRangesSchema.nullable(),
  /** The newest reading, or null (also for a caller who may not read vital signs). */
  lastVitals: vitalSignSchema.nullable(),
});
export type Chart = z.infer<typeof chartSchema>;

const optionalDay = z
  .string()
  .trim()
  .refine((v) => parseCalendarDate(v, CARE_YEARS) !== null, chartTexts.invalidDay)
  .optional();

/** GET /api/patients/{id}/timeline: newest first, paged by cursor. */
export const timelineQuerySchema = z
  .object({
    /** Comma-separated types; all when left out. */
    types: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return [...timelineTypes];
        const asked = v.split(',').map((t) => t.trim());
        const unknown = asked.filter((t) => !(timelineTypes as readonly string[]).includes(t));
        if (unknown.length) {
          ctx.addIssue({ code: 'custom', message: chartTexts.typesMustBeOneOf(timelineTypes) });
          return z.NEVER;
        }
        return asked as TimelineType[];
      }),
    /** YYYY-MM-DD: entries on or after this day (UTC). */
    from: optionalDay,
    /** YYYY-MM-DD: entries on or before this day (UTC). */
    to: optionalDay,
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .refine((q) => !q.from || !q.to || q.from.trim() <= q.to.trim(), {
    message: chartTexts.fromAfterTo,
    path: ['to'],
  });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineEntrySchema = z.object({
  type: z.enum(timelineTypes),
  id: z.number(),
  /** When it happened, ISO 8601 in UTC (a date-only record at 00:00 UTC). */
  at: z.string(),
  /** A line naming it, e.g. "Follow-up visit" or "BP 128/82, pulse 72". */
  title: z.string(),
  /** A second line, e.g. the doctor or the dose; may be ''. */
  detail: z.string(),
  /** Who did or entered it, when known. */
  by: z.string().nullable(),
  /** A vital signs reading outside the patient's ranges. */
  flagged: z.boolean(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelinePageSchema = z.object({
  entries: z.array(timelineEntrySchema),
  /** Pass as `cursor` for the next (older) page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** GET /api/patients/{id}/vital-series?days=7|30|90|all */
export const vitalSeriesQuerySchema = z.object({
  days: z.enum(seriesSpans, { message: chartTexts.daysMustBeOneOf }).default('30'),
});

/** The readings of a span, oldest first (for drawing), at most SERIES_MAX of the newest. */
export const vitalSeriesSchema = z.object({
  readings: z.array(
    vitalSignSchema.pick({
      id: true,
      takenAt: true,
      systolic: true,
      diastolic: true,
      pulse: true,
      respiratoryRate: true,
      temperatureC: true,
      spo2: true,
      glucoseMmolL: true,
      weightKg: true,
      pain: true,
    }),
  ),
  /** True when the span held more than SERIES_MAX readings and only the newest came back. */
  truncated: z.boolean(),
});
export type VitalSeries = z.infer<typeof vitalSeriesSchema>;
