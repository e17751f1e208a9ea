import { z } from 'zod';
import { validationMessages } from './messages';
import { passwordField } from './schemas';
import { passwordChangeMessages, twoFactorMessages } from './security-messages';

export const changePasswordSchema = z.strictObject({
  currentPassword: passwordField(passwordChangeMessages.currentRequired),
  newPassword: passwordField(passwordChangeMessages.newRequired),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

export const passwordChangedSchema = z.object({ message: z.string() });

/** A TOTP code as typed: six digits, spaces around or inside ignored. */
export const totpCodeField = z
  .string({ error: twoFactorMessages.invalidCode })
  .max(20, twoFactorMessages.invalidCode)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.invalidCode));

/** A recovery code as shown (`xxxxx-xxxxx`), case and dashes ignored. */
export const recoveryCodeField = z
  .string({ error: twoFactorMessages.invalidRecoveryCode })
  .max(40, twoFactorMessages.invalidRecoveryCode)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, twoFactorMessages.invalidRecoveryCode));

export const twoFactorSetupRequestSchema = z.strictObject({
  password: passwordField(validationMessages.passwordRequired),
});
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableRequestSchema = z.strictObject({ code: totpCodeField });
export const twoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({
  password: passwordField(validationMessages.passwordRequired),
  code: totpCodeField,
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  recoveryCodesRemaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What sign-in answers instead of a session when the member has two-factor sign-in. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.uuid(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorSignInSchema = z.union([
  z.strictObject({ challengeId: z.uuid(), code: totpCodeField }),
  z.strictObject({ challengeId: z.uuid(), recoveryCode: recoveryCodeField }),
]);
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInSchema>;
