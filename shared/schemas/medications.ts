import { z } from 'zod';
import { doseTexts, validation } from '../messages.ts';
import { requiredText } from './common.ts';
import {
  clinicalDateTime,
  clinicalId,
  optionalClinicalId,
  parseClinicalInstant,
  recordBaseSchema,
} from './clinical.ts';

/**
 * What POST /api/medications and PUT /api/medications/{id} accept; who recorded it is the caller.
 * A new entry may name the scheduled dose it records (`prescriptionId` and `scheduledAt`, both
 * or neither): that dose is then recorded as given at `date`, as POST /api/doses would.
 */
export const medicationInputSchema = z
  .object({
    patientId: clinicalId(validation.patientIdRequired),
    /** When the dose was given, ISO 8601. */
    date: clinicalDateTime(validation.dateRequired),
    details: requiredText(validation.detailsRequired),
    /** The prescription of the dose this entry records (with `scheduledAt`; on create only). */
    prescriptionId: optionalClinicalId(doseTexts.prescriptionRequired),
    /** ISO 8601: the scheduled time of the dose this entry records. */
    scheduledAt: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ message: doseTexts.scheduledAtInvalid })
        .trim()
        .refine((v) => parseClinicalInstant(v) !== null, doseTexts.scheduledAtInvalid)
        .nullish(),
    ),
  })
  .superRefine((values, ctx) => {
    const hasPrescription = values.prescriptionId != null;
    const hasTime = values.scheduledAt != null;
    if (hasPrescription === hasTime) return;
    ctx.addIssue({
      code: 'custom',
      path: [hasPrescription ? 'scheduledAt' : 'prescriptionId'],
      message: doseTexts.logDoseNeedsBoth,
    });
  });
export type MedicationInput = z.infer<typeof medicationInputSchema>;
export type MedicationFormValues = z.input<typeof medicationInputSchema>;

export const medicationSchema = recordBaseSchema.extend({
  /** ISO 8601 in UTC. */
  date: z.string(),
  details: z.string(),
  /** The caregiver who logged the dose given, or the doctor who recorded it. */
  recordedBy: z.number(),
  recordedByName: z.string(),
  recordedByRole: z.string(),
});
export type Medication = z.infer<typeof medicationSchema>;
