import { z } from 'zod';
import { validation } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import { clinicalDateTime, clinicalId, recordBaseSchema } from './clinical.ts';

/** What POST /api/medical-records and PUT /api/medical-records/{id} accept; also the form's rules. */
export const medicalRecordInputSchema = z.object({
  patientId: clinicalId(validation.patientIdRequired),
  doctorId: clinicalId(validation.doctorIdRequired),
  /** ISO 8601; the form sends its datetime-local value converted with fromDateTimeLocal. */
  dateOfVisit: clinicalDateTime(validation.dateOfVisitRequired),
  location: requiredText(validation.locationRequired, 300),
  diagnosis: requiredText(validation.diagnosisRequired),
  treatmentPlan: requiredText(validation.treatmentPlanRequired),
  notes: optionalText(),
});
export type MedicalRecordInput = z.infer<typeof medicalRecordInputSchema>;
export type MedicalRecordFormValues = z.input<typeof medicalRecordInputSchema>;

export const medicalRecordSchema = recordBaseSchema.extend({
  doctorId: z.number(),
  doctorName: z.string(),
  /** ISO 8601 in UTC. */
  dateOfVisit: z.string(),
  location: z.string(),
  diagnosis: z.string(),
  treatmentPlan: z.string(),
  notes:
    z.string() /** Who entered it: the signed-in user at the time, whoever it is in the name of. */,
  recordedBy: z.number().nullable(),
  recordedByName: z.string(),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;
