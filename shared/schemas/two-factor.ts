import { z } from 'zod';
import { twoFactorTexts, validation } from '../messages.ts';

/** A 6-digit authenticator code (spaces typed between the digits are dropped). */
export const totpCodeSchema = z
  .string({ message: twoFactorTexts.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorTexts.codeRequired));

/** The second step of a login: a 6-digit code from the app, or a recovery code (xxxx-xxxx). */
export const loginCodeSchema = z
  .string({ message: twoFactorTexts.codeRequired })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, twoFactorTexts.codeRequired)
      .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/, twoFactorTexts.codeFormat),
  );

export const enableTwoFactorSchema = z.object({ code: totpCodeSchema });
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;

export const twoFactorPasswordSchema = z.object({
  password: z
    .string({ message: validation.passwordRequired })
    .min(1, validation.passwordRequired)
    .max(1024),
});
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

export const twoFactorLoginSchema = z.object({
  challenge: z.string({ message: twoFactorTexts.challengeInvalid }).min(1).max(200),
  code: loginCodeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A right password on an account with two-factor on: no session yet, a challenge instead. */
export const twoFactorChallengeSchema = z.object({
  role: z.string(),
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});

/**
 * The login answer: the seed's {role, message, token}, with `twoFactorSetupRequired` only when
 * the agency asks staff to turn two-factor on; or a challenge for the code step.
 */
export const loginAnswerSchema = z.union([
  z.object({
    role: z.string(),
    message: z.string(),
    token: z.string(),
    twoFactorSetupRequired: z.literal(true).optional(),
  }),
  twoFactorChallengeSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
