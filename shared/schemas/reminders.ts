import { z } from 'zod';
import { reminderTexts, validation } from '../messages.ts';
import { CARE_YEARS, listQuerySchema, parseInstant } from './common.ts';

/** The longest reminder message accepted. */
export const REMINDER_MESSAGE_MAX = 500;

/**
 * The seed's two preset reminders. The times are wall-clock times: the server places them in
 * the caregiver's own time zone when it creates them.
 */
export const presetReminders = [
  { message: 'Administer medication', date: '2024-12-01T10:00:00' },
  { message: 'Blood pressure check', date: '2024-12-02T14:00:00' },
] as const;

const both = validation.reminderBoth;

/**
 * What POST /api/reminders and PUT /api/reminders/{id} accept. A message that is empty after
 * trimming, or a missing time, answers the seed's one message on that field.
 */
export const reminderInputSchema = z.object({
  message: z
    .string({ message: both })
    .trim()
    .min(1, both)
    .max(REMINDER_MESSAGE_MAX, reminderTexts.messageTooLong),
  /** ISO 8601 between 1900 and 2200; a value without a zone is read as UTC. */
  date: z
    .string({ message: both })
    .trim()
    .min(1, both)
    .refine((v) => parseInstant(v, CARE_YEARS) !== null, reminderTexts.invalidDate),
});
export type ReminderInput = z.infer<typeof reminderInputSchema>;

/** The Add/Edit Reminder form: the time is a datetime-local value in the viewer's zone. */
export const reminderFormSchema = z.object({
  message: z.string().trim().min(1, both).max(REMINDER_MESSAGE_MAX, reminderTexts.messageTooLong),
  date: z.string().trim().min(1, both),
});
export type ReminderFormValues = z.infer<typeof reminderFormSchema>;

export const reminderSchema = z.object({
  id: z.number(),
  message: z.string(),
  /** ISO 8601 in UTC. */
  date: z.string(),
  /** When the reminder became a notification; null while it is still to come. */
  firedAt: z.string().nullable(),
  isPreset: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const optionalInstant = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || parseInstant(v) !== null, reminderTexts.invalidDate);

/**
 * The own reminders: paging, an optional [from, to) range of reminder times (the calendar), and
 * the viewer's IANA time zone, used only when the presets are created.
 */
export const reminderListQuerySchema = listQuerySchema.extend({
  from: optionalInstant,
  to: optionalInstant,
  timeZone: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isTimeZone(v), reminderTexts.invalidTimeZone),
});
export type ReminderListQuery = z.infer<typeof reminderListQuerySchema>;
