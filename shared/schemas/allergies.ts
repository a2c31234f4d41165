import { z } from 'zod';
import { allergyTexts, clinicalTexts, validation } from '../messages.ts';
import { CARE_YEARS, optionalText, parseCalendarDate, requiredText } from './common.ts';
import { clinicalId, recordBaseSchema } from './clinical.ts';

export const problemStatuses = ['active', 'resolved'] as const;
export type ProblemStatus = (typeof problemStatuses)[number];

/** Active unless said otherwise; anything but active or resolved is refused with `message`. */
export const problemStatus = (message: string) =>
  z
    .preprocess(
      (v) => (v === null || v === undefined || v === '' ? 'active' : v),
      z.enum(problemStatuses, { message }),
    )
    .describe('active (default) or resolved');

/** An optional calendar date YYYY-MM-DD (an onset); '' and null are "not known". */
export const optionalCalendarDate = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ message: clinicalTexts.invalidDate })
      .trim()
      .refine((v) => parseCalendarDate(v, CARE_YEARS) !== null, clinicalTexts.invalidDate)
      .optional(),
  )
  .transform((v) => v ?? null)
  .describe('Optional: YYYY-MM-DD');

/** What POST /api/allergies and PUT /api/allergies/{id} accept. */
export const allergyInputSchema = z.object({
  patientId: clinicalId(validation.patientIdRequired),
  /** The substance, e.g. Penicillin: prescriptions are checked against it. */
  substance: requiredText(allergyTexts.substanceRequired, 200),
  /** What happens, e.g. Rash. */
  reaction: optionalText(500),
  onset: optionalCalendarDate,
  status: problemStatus(allergyTexts.statusInvalid),
});
export type AllergyInput = z.infer<typeof allergyInputSchema>;
export type AllergyFormValues = z.input<typeof allergyInputSchema>;

export const allergySchema = recordBaseSchema.extend({
  substance: z.string(),
  reaction: z.string(),
  /** YYYY-MM-DD, or null when not known. */
  onset: z.string().nullable(),
  status: z.enum(problemStatuses),
  recordedBy: z.number(),
  recordedByName: z.string(),
});
export type Allergy = z.infer<typeof allergySchema>;

/** PUT /api/patients/{id}/allergy-status: a doctor records that the patient has none. */
export const allergyStatusInputSchema = z.object({
  noKnownAllergies: z.boolean({ message: allergyTexts.noKnownInvalid }),
});

/**
 * What the chart shows for allergies: `recorded` when active allergies are listed, `none` when a
 * doctor recorded no known allergies (and none is listed since), `not-recorded` when never asked.
 */
export const allergyStatuses = ['recorded', 'none', 'not-recorded'] as const;
export type AllergyStatus = (typeof allergyStatuses)[number];
