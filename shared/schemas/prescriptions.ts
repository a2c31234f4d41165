import { z } from 'zod';
import { allergyTexts, validation } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import { clinicalDate, clinicalId, optionalClinicalId, recordBaseSchema } from './clinical.ts';
import { refineSchedule, scheduleAnswerFields, scheduleInputFields } from './doses.ts';

const prescriptionFields = {
  patientId: clinicalId(validation.patientIdRequired),
  /** YYYY-MM-DD. */
  date: clinicalDate(validation.dateRequired),
  medication: optionalText(200),
  dosage: optionalText(200),
  duration: optionalText(200),
  details: requiredText(validation.detailsRequired),
  // The schedule of medication rounds (optional: without it, a record only).
  ...scheduleInputFields,
};

/** The form: every seed field required (the doctor is pre-filled with the signed-in doctor). */
export const prescriptionFormSchema = z
  .object({
    ...prescriptionFields,
    doctorId: clinicalId(validation.doctorIdRequired),
  })
  .superRefine(refineSchedule);
export type PrescriptionFormValues = z.input<typeof prescriptionFormSchema>;

/** What POST /api/prescriptions and PUT /api/prescriptions/{id} accept: doctorId defaults to
 * the signed-in doctor on create and stays as it was on edit. */
export const prescriptionInputSchema = z
  .object({
    ...prescriptionFields,
    doctorId: optionalClinicalId(validation.doctorIdRequired),
    /**
     * Prescribe even though the medication matches an active allergy of the patient (the 409
     * `allergy-conflict` answer names them); the override is kept in the audit trail.
     */
    confirmAllergy: z
      .boolean({ message: allergyTexts.confirmInvalid })
      .nullish()
      .describe('True prescribes despite a matching active allergy (after a 409 allergy-conflict)'),
  })
  .superRefine(refineSchedule);
export type PrescriptionInput = z.infer<typeof prescriptionInputSchema>;

/** An active allergy a prescription's medication matches. */
export const conflictingAllergySchema = z.object({
  id: z.number(),
  substance: z.string(),
  reaction: z.string(),
});
export type ConflictingAllergy = z.infer<typeof conflictingAllergySchema>;

/**
 * The 409 of POST /api/prescriptions and PUT /api/prescriptions/{id} when the medication matches
 * an active allergy of the patient and the body does not carry `confirmAllergy: true`.
 */
export const allergyConflictSchema = z.object({
  message: z.string(),
  code: z.literal('allergy-conflict'),
  allergies: z.array(conflictingAllergySchema),
});
export type AllergyConflict = z.infer<typeof allergyConflictSchema>;

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
  ...scheduleAnswerFields,
});
export type Prescription = z.infer<typeof prescriptionSchema>;
