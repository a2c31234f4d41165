import { z } from 'zod';
import { passwordResetTexts } from '../messages.ts';
import { newPasswordSchema } from './users.ts';

/** The forgot-password form: a username or an email address, one field. */
export const passwordResetRequestSchema = z.object({
  usernameOrEmail: z
    .string({ message: passwordResetTexts.usernameOrEmailRequired })
    .trim()
    .min(1, passwordResetTexts.usernameOrEmailRequired)
    .max(200),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/**
 * A reset link's token as it may arrive: any text up to 200 characters, so a forged or cut one
 * answers "this link is not valid" like a spent one instead of a validation message.
 */
export const resetTokenSchema = z
  .string({ message: passwordResetTexts.tokenRequired })
  .min(1, passwordResetTexts.tokenRequired)
  .max(200);

export const resetTokenParamsSchema = z.object({ token: resetTokenSchema });

/** The new password follows the sign-up's policy (newPasswordSchema). */
export const passwordResetConfirmSchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The reset form: the same policy, typed twice. */
export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: passwordResetTexts.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type PasswordResetFormInput = z.infer<typeof passwordResetFormSchema>;

/**
 * A live link: it names the account's username, so whoever asked by email knows the username to
 * log in with afterwards (the link already lets its holder set the password: the name adds nothing).
 */
export const resetLinkCheckSchema = z.object({ valid: z.literal(true), username: z.string() });
export type ResetLinkCheck = z.infer<typeof resetLinkCheckSchema>;

/** The admin's link: the client composes the address from its own origin. */
export const adminResetLinkSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type AdminResetLink = z.infer<typeof adminResetLinkSchema>;
