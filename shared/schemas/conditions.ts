import { z } from 'zod';
import { conditionTexts, validation } from '../messages.ts';
import { optionalText, requiredText } from './common.ts';
import { clinicalId, recordBaseSchema } from './clinical.ts';
import { optionalCalendarDate, problemStatus, problemStatuses } from './allergies.ts';

/** What POST /api/conditions and PUT /api/conditions/{id} accept. */
export const conditionInputSchema = z.object({
  patientId: clinicalId(validation.patientIdRequired),
  /** The condition, e.g. Type 2 diabetes. */
  name: requiredText(conditionTexts.nameRequired, 200),
  onset: optionalCalendarDate,
  status: problemStatus(conditionTexts.statusInvalid),
  note: optionalText(1000),
});
export type ConditionInput = z.infer<typeof conditionInputSchema>;
export type ConditionFormValues = z.input<typeof conditionInputSchema>;

export const conditionSchema = recordBaseSchema.extend({
  name: z.string(),
  /** YYYY-MM-DD, or null when not known. */
  onset: z.string().nullable(),
  status: z.enum(problemStatuses),
  note: z.string(),
  recordedBy: z.number(),
  recordedByName: z.string(),
});
export type Condition = z.infer<typeof conditionSchema>;
