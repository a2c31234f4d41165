import { z } from 'zod';
import { patientTexts, validation } from '../messages.ts';
import {
  dbId,
  listQuerySchema,
  sortParam,
  parseCalendarDate,
  requiredId,
  requiredText,
  type YearRange,
} from './common.ts';

export const genders = ['Male', 'Female', 'Other'] as const;

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export const isRealDate = (value: string): boolean => parseCalendarDate(value) !== null;

/**
 * Nobody alive was born before 1850: an earlier year of birth is a typo (0940 for 1940), refused
 * rather than stored. The later end is the "not in the future" rule. patientTexts.dobTooEarly
 * names the same year.
 */
const BIRTH_YEARS: YearRange = { minYear: 1850, maxYear: 9999 };
const isPlausibleBirthDate = (value: string): boolean =>
  !isRealDate(value) || parseCalendarDate(value, BIRTH_YEARS) !== null;

/** Today as YYYY-MM-DD in the viewer's own time zone (for the form). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The latest date of birth the server accepts at `now`: the calendar day in the time zone that
 * is furthest ahead (UTC+14), so a date that is already today for the person typing it is never
 * refused as "in the future".
 */
export function latestDobAt(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The patient fields with the seed's message per field. `today` gives the latest acceptable
 * date of birth when the value is checked (the server passes its clock, the form the local day).
 */
export function makePatientInputSchema(today: () => string) {
  return z.object({
    firstName: requiredText(validation.firstNameRequired, 100),
    lastName: requiredText(validation.lastNameRequired, 100),
    dob: z
      .string({ message: validation.dobRequired })
      .trim()
      .min(1, validation.dobRequired)
      .refine(isRealDate, patientTexts.dobInvalid)
      .refine(isPlausibleBirthDate, patientTexts.dobTooEarly)
      .refine((value) => value <= today(), patientTexts.dobInFuture),
    gender: requiredText(validation.genderRequired, 50),
    address: requiredText(validation.addressRequired, 500),
    phoneNumber: requiredText(validation.phoneRequired, 50),
    emergencyContact: requiredText(validation.emergencyContactRequired, 200),
    emergencyContactPhone: requiredText(validation.emergencyContactPhoneRequired, 50),
  });
}

/** The form's schema: the same rules, "today" read in the browser's time zone. */
export const patientFormSchema = makePatientInputSchema(() => localToday());
export type PatientInput = z.infer<typeof patientFormSchema>;

/** A patient as the API answers it: the seed's fields plus the account link and timestamps. */
export const patientSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string(),
  gender: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  emergencyContact: z.string(),
  emergencyContactPhone: z.string(),
  accountUserId: z.number().nullable(),
  accountUsername: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** The seed's client sends `?username=`; it is accepted and ignored (the session decides). */
/** The orders of the patients list: name is last then first name. */
export const PATIENT_SORTS = ['name', 'dateOfBirth'] as const;
export const patientListQuerySchema = listQuerySchema.extend({
  username: z.string().max(200).optional(),
  sort: sortParam(PATIENT_SORTS, 'name'),
});
export const seedUsernameQuerySchema = z.object({ username: z.string().max(200).optional() });

export const careTeamMemberSchema = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  addedAt: z.string(),
});
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

export const addCareTeamMemberSchema = z.object({
  userId: requiredId(patientTexts.careTeamMemberInvalid),
});

export const careTeamParamsSchema = z.object({
  id: dbId(),
  userId: dbId(),
});

/** Links (a username) or unlinks (null or empty) the patient's own user account. */
export const linkAccountSchema = z.object({
  username: z
    .string({ message: validation.usernameRequired })
    .trim()
    .max(200)
    .nullable()
    .transform((v) => (v ? v : null)),
});
