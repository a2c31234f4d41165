import { z } from 'zod';
import { validation } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import { clinicalDate, clinicalId, optionalClinicalId, recordBaseSchema } from './clinical.ts';

const prescriptionFields = {
  patientId: clinicalId(validation.patientIdRequired),
  /** YYYY-MM-DD. */
  date: clinicalDate(validation.dateRequired),
  medication: optionalText(200),
  dosage: optionalText(200),
  duration: optionalText(200),
  details: requiredText(validation.detailsRequired),
};

/** The form: every seed field required (the doctor is pre-filled with the signed-in doctor). */
export const prescriptionFormSchema = z.object({
  ...prescriptionFields,
  doctorId: clinicalId(validation.doctorIdRequired),
});
export type PrescriptionFormValues = z.input<typeof prescriptionFormSchema>;

/** What POST /api/prescriptions and PUT /api/prescriptions/{id} accept: doctorId defaults to
 * the signed-in doctor on create and stays as it was on edit. */
export const prescriptionInputSchema = z.object({
  ...prescriptionFields,
  doctorId: optionalClinicalId(validation.doctorIdRequired),
});
export type PrescriptionInput = z.infer<typeof prescriptionInputSchema>;

export const prescriptionSchema = recordBaseSchema.extend({
  doctorId: z.number(),
  doctorName: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  medication: z.string(),
  dosage: z.string(),
  duration: z.string(),
  details:
    z.string() /** Who entered it: the signed-in user at the time, whoever it is in the name of (null for
   * prescriptions entered before this was kept). */,
  recordedBy: z.number().nullable(),
  recordedByName: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
