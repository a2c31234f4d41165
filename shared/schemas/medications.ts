import { z } from 'zod';
import { validation } from '../messages.ts';
import { requiredText } from './common.ts';
import { clinicalDateTime, clinicalId, recordBaseSchema } from './clinical.ts';

/** What POST /api/medications and PUT /api/medications/{id} accept; who recorded it is the caller. */
export const medicationInputSchema = z.object({
  patientId: clinicalId(validation.patientIdRequired),
  /** When the dose was given, ISO 8601. */
  date: clinicalDateTime(validation.dateRequired),
  details: requiredText(validation.detailsRequired),
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
