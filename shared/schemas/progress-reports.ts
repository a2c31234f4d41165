import { z } from 'zod';
import { validation } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import { clinicalDateTime, clinicalId, recordBaseSchema } from './clinical.ts';

/** Words the form offers for a patient's overall health (the patient dashboard shows it). */
export const overallHealthChoices = ['Excellent', 'Good', 'Stable', 'Fair', 'Poor'] as const;

/** What POST /api/progress-reports and PUT /api/progress-reports/{id} accept. */
export const progressReportInputSchema = z.object({
  patientId: clinicalId(validation.patientIdRequired),
  caregiverId: clinicalId(validation.caregiverIdRequired),
  date: clinicalDateTime(validation.dateRequired),
  summary: requiredText(validation.summaryRequired),
  recommendations: requiredText(validation.recommendationsRequired),
  /** Optional: how the patient is doing overall, in a word or two. */
  overallHealth: optionalText(100),
});
export type ProgressReportInput = z.infer<typeof progressReportInputSchema>;
export type ProgressReportFormValues = z.input<typeof progressReportInputSchema>;

export const progressReportSchema = recordBaseSchema.extend({
  /** The readable identifier the server generates, e.g. PR-2026-000123. */
  reportId: z.string(),
  caregiverId: z.number(),
  caregiverName: z.string(),
  /** ISO 8601 in UTC. */
  date: z.string(),
  summary: z.string(),
  recommendations: z.string(),
  overallHealth: z.string(),
  /** Who filed it (a caregiver may file for a colleague on the care team); the filer may edit
   * it. The same as recordedBy. */
  createdBy: z
    .number()
    .nullable() /** Who entered it: the signed-in user at the time, whoever it is in the name of. */,
  recordedBy: z.number().nullable(),
  recordedByName: z.string(),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;
