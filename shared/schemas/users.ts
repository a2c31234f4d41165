import { z } from 'zod';
import { glucoseUnits, temperatureUnits } from '../units.ts';
import { accountMessages, validation } from '../messages.ts';
import { privileges, roles, signUpRoles } from '../permissions.ts';
import { hasVisibleText, listQuerySchema, optionalSortParam, requiredText } from './common.ts';
import { isCommonPassword } from '../common-passwords.ts';
import { isTimeZone } from '../format.ts';

/** Policy for a new password (sign-up, change): 8 to 128 characters, not a very common one. */
export const newPasswordSchema = z
  .string({ message: validation.passwordRequired })
  .min(1, validation.passwordRequired)
  .min(8, validation.passwordMin8)
  .max(128, validation.passwordTooLong)
  .refine((v) => !isCommonPassword(v), validation.passwordTooCommon)
  // Eight spaces pass the length rule yet are no secret; the text is kept as typed otherwise.
  .refine(hasVisibleText, validation.passwordOnlySpaces);

/** The length of a new username. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 40;
const usernameCharacters = /^[A-Za-z0-9._-]*$/;

/**
 * A new username (sign-up): 3 to 40 ASCII letters, digits, dots, dashes and underscores, so it
 * stays whole in links and paths such as /api/appointments/doctor/{username} and compares the
 * same in every database's case-insensitive lookup. Accounts made before this rule keep their
 * usernames: login and lookups read any username and never apply it.
 */
export const newUsernameSchema = z
  .string({ message: validation.usernameRequired })
  .trim()
  .min(1, validation.usernameRequired)
  .refine(hasVisibleText, validation.usernameRequired)
  .min(USERNAME_MIN_LENGTH, validation.usernameRule)
  .max(USERNAME_MAX_LENGTH, validation.usernameRule)
  .regex(usernameCharacters, validation.usernameRule);

export const registerSchema = z.object({
  username: newUsernameSchema,
  firstName: requiredText(validation.firstNameRequiredSignup, 100),
  secondName: requiredText(validation.secondNameRequired, 100),
  email: requiredText(validation.emailRequired, 200).pipe(z.email(validation.emailInvalid)),
  password: newPasswordSchema,
  primaryLocation: requiredText(validation.primaryLocationRequired, 200),
  role: z.enum(signUpRoles, { message: validation.roleRequired }),
  privileges: z.enum(privileges, { message: validation.privilegesRequired }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** What sign-up answers: supervisor and admin requests start as editor and wait for an admin. */
export const registerResponseSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.string(),
  privileges: z.enum(privileges),
  requestedPrivileges: z.enum(privileges).nullable(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The login form keeps the seed's 6-character check; the server only needs both fields. */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1, validation.usernameRequired),
  password: z.string().min(1, validation.passwordRequired).min(6, validation.passwordMin6),
});
export const loginSchema = z.object({
  username: z
    .string({ message: validation.usernameRequired })
    .trim()
    .min(1, validation.usernameRequired)
    .max(200),
  password: z
    .string({ message: validation.passwordRequired })
    .min(1, validation.passwordRequired)
    .max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const loginResponseSchema = z.object({
  role: z.string(),
  message: z.string(),
  token: z.string(),
});

/** The answer to a time zone that is not one. */
export const timeZoneMessage = 'The time zone must be a zone such as Europe/London.';

export const settingsSchema = z.object({
  darkMode: z.boolean(),
  fontSize: z
    .number()
    .int()
    .min(10, accountMessages.fontSizeRange)
    .max(32, accountMessages.fontSizeRange),
  notificationsEnabled: z.boolean(),
  /** How temperatures are shown and entered (always stored in °C). */
  temperatureUnit: z.enum(temperatureUnits, { message: accountMessages.temperatureUnit }),
  /** How blood glucose is shown and entered (always stored in mmol/L). */
  glucoseUnit: z.enum(glucoseUnits, { message: accountMessages.glucoseUnit }),
  /** The zone times are shown in (an IANA zone); null (or absent): the browser's own. */
  timeZone: z
    .string({ message: timeZoneMessage })
    .refine(isTimeZone, { message: timeZoneMessage })
    .nullable()
    .optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const updateSettingsSchema = settingsSchema.partial();

/** The profile as the seed's client reads and writes it. */
export const profileSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string(),
  primaryLocation: z.string(),
  secondaryLocation: z.string(),
  phoneNumber: z.string(),
  role: z.string(),
  privileges: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What a profile save may change; role, privileges, id, username and createdAt are ignored. */
export const updateProfileSchema = z.object({
  firstName: requiredText(validation.firstNameRequiredSignup, 100),
  secondName: requiredText(validation.secondNameRequired, 100),
  email: requiredText(validation.emailRequired, 200).pipe(z.email(validation.emailInvalid)),
  primaryLocation: requiredText(validation.primaryLocationRequired, 200),
  secondaryLocation: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v ?? ''),
  phoneNumber: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v ?? ''),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A plain confirmation: logout, password change. */
export const messageResponseSchema = z.object({ message: z.string() });

/** The signed-in user: what GET /api/users/me answers. Role is the effective one. */
export const meSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  role: z.enum([...roles, 'guest']),
  privileges: z.enum(privileges),
  requestedPrivileges: z.enum(privileges).nullable(),
  /** The patient record linked to this account, for patients. */
  patientId: z.number().nullable(),
  settings: settingsSchema,
});
export type Me = z.infer<typeof meSchema>;

/** A row of the admin's Users screen. */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string(),
  role: z.string(),
  privileges: z.enum(privileges),
  requestedPrivileges: z.enum(privileges).nullable(),
  isActive: z.boolean(),
  /** Whether the account signs in with a second factor (an admin can turn it off). */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The orders of the admin's Users list. */
export const ADMIN_USER_SORTS = ['name', 'username', 'role'] as const;
/** The admin's Users list: filter by role (patient includes legacy `user`), pending requests. */
export const adminUserListQuerySchema = listQuerySchema.extend({
  role: z.preprocess((v) => (v === '' ? undefined : v), z.enum(roles).optional()),
  /** `true`: only accounts with a privilege request waiting for an admin. */
  requested: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
  /** Absent: pending requests first, then oldest first. Name is last then first name. */
  sort: optionalSortParam(ADMIN_USER_SORTS),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUpdateUserSchema = z.object({
  role: z.enum(roles).optional(),
  privileges: z.enum(privileges).optional(),
  isActive: z.boolean().optional(),
  /** grant: privileges become the requested ones; refuse: the request is dropped. */
  request: z.enum(['grant', 'refuse']).optional(),
});
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

export { defaultFontSize } from '../settings.ts';
