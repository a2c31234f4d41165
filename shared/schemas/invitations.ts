import { z } from 'zod';
import { invitationTexts, validation } from '../messages.ts';
import { privileges, roles } from '../permissions.ts';
import { dbId, optionalText } from './common.ts';
import { signUpPolicies } from './doses.ts';
import { registerSchema } from './users.ts';

/** GET /api/users/sign-up-status: what /login and /signup show before anyone signs in. */
export const signUpStatusSchema = z.object({
  /** No account exists yet: the first one becomes the agency's administrator. */
  firstRun: z.boolean(),
  /** Who may sign up without an invitation (always 'open' on the first run). */
  signUp: z.enum(signUpPolicies),
});
export type SignUpStatus = z.infer<typeof signUpStatusSchema>;

/** An empty field of the invite form means "not given". */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** POST /api/invitations (admins). A patient record may be named only for a patient. */
export const createInvitationSchema = z
  .object({
    email: z.preprocess(
      blankAsAbsent,
      z
        .string({ message: validation.emailInvalid })
        .trim()
        .max(200, 'Must be at most 200 characters')
        .pipe(z.email(validation.emailInvalid))
        .optional(),
    ),
    firstName: optionalText(100),
    secondName: optionalText(100),
    role: z.enum(roles, { message: validation.roleRequired }),
    privileges: z.enum(privileges, { message: validation.privilegesRequired }),
    patientId: z.preprocess((v) => (v === '' ? null : v), dbId().nullish()),
  })
  .refine((v) => v.patientId == null || v.role === 'patient', {
    path: ['patientId'],
    message: invitationTexts.patientOnlyForPatients,
  });
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;
export type CreateInvitation = z.output<typeof createInvitationSchema>;

/** The new link: the client composes the address from its own origin; `emailed` says if it was sent. */
export const createdInvitationSchema = z.object({
  id: z.number(),
  token: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationStatuses = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** One row of the admin's list (never the token, which is not kept). */
export const invitationSchema = z.object({
  id: z.number(),
  status: z.enum(invitationStatuses),
  role: z.string(),
  privileges: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string(),
  patientId: z.number().nullable(),
  patientName: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * An invitation's token as it may arrive: any text up to 200 characters, so a forged or cut one
 * answers "this link is not valid" like a spent one instead of a validation message.
 */
export const invitationTokenSchema = z
  .string({ message: invitationTexts.invalidLink })
  .min(1, invitationTexts.invalidLink)
  .max(200, invitationTexts.invalidLink);
export const invitationTokenParamsSchema = z.object({ token: invitationTokenSchema });

/** What /join shows of a live invitation. */
export const invitationViewSchema = z.object({
  role: z.string(),
  privileges: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  patientName: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/invitations/accept: sign-up's fields and rules, without role and privileges. */
export const acceptInvitationSchema = registerSchema
  .omit({ role: true, privileges: true })
  .extend({ token: invitationTokenSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The /join form: the same rules, the password typed twice. */
export const joinFormSchema = acceptInvitationSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: invitationTexts.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type JoinFormInput = z.infer<typeof joinFormSchema>;
