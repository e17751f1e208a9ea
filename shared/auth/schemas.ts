import { z } from 'zod';
import { text } from '../api/text';
import { validationMessages as m } from './messages';

/**
 * A basic address pattern (spec 000 §5): something@something.tld, no spaces. Quotes, angle
 * brackets and the other characters that mean something in a mail header (`"Ana" <a@b.c>`,
 * a comma between two addresses) are refused: the address is handed to the mail transport and
 * shown to people, and must name one mailbox only.
 */
export const EMAIL_PATTERN =
  /^[^\s@"'`<>()[\]\\,;:]+@[^\s@"'`<>()[\]\\,;:]+\.[^\s@"'`<>()[\]\\,;:]+$/;

export const emailField = text({
  error: m.emailRequired,
  trim: true,
  required: m.emailRequired,
  max: 254,
  maxMessage: m.emailInvalid,
}).regex(EMAIL_PATTERN, m.emailInvalid);

export const usernameField = text({
  error: m.usernameRequired,
  trim: true,
  required: m.usernameRequired,
  max: 30,
  maxMessage: m.usernameTooLong,
})
  .min(3, m.usernameTooShort)
  .regex(/^[A-Za-z0-9_]+$/, m.usernameCharacters);

/** The longest password any form takes: no member's password can be longer. */
const PASSWORD_MAX = 128;

/**
 * A password as typed to prove who one is (or to confirm a new one): required, and past the
 * limit refused with the length message every password field gives, never as missing.
 */
export const passwordField = (required: string) =>
  text({ error: required, max: PASSWORD_MAX, maxMessage: m.passwordTooLong }).min(1, required);

/** The strength rule of spec 000 §5: 8+ characters with upper, lower and digit. */
export const newPasswordField = text({
  error: m.passwordRequired,
  max: PASSWORD_MAX,
  maxMessage: m.passwordTooLong,
})
  .min(1, m.passwordRequired)
  .min(8, m.passwordTooShort)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, m.passwordComplexity);

export const signInRequestSchema = z.strictObject({
  email: emailField,
  password: passwordField(m.passwordRequired),
  rememberMe: z.boolean().default(false),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const signUpRequestSchema = z.strictObject({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** The Create Account card adds the confirmation, checked only in the browser. */
export const signUpFormSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: passwordField(m.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({
  token: text({ max: 200 }).min(16),
  password: newPasswordField,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** Owners run the community and moderate; moderators, whom an owner appoints, only moderate. */
export const roleSchema = z.enum(['member', 'moderator', 'owner']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Session summary, fields of spec 002 §3, plus the role the server enforces and whether the
 * member finished onboarding (the /onboarding page reads it).
 */
export const signedInSessionSchema = z.object({
  isAuthenticated: z.literal(true),
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  emailVerified: z.boolean(),
  providerId: z.literal('password'),
  lastActivity: z.string(),
  sessionStart: z.string(),
  rememberMe: z.boolean(),
  role: roleSchema,
  onboardingComplete: z.boolean(),
  /**
   * The member must choose a new password before anything else (001 §2). The server always
   * sends it; optional so summaries made before it existed (fixtures, caches) still parse.
   */
  passwordRotationRequired: z.boolean().optional(),
});
export const sessionSummarySchema = z.discriminatedUnion('isAuthenticated', [
  signedInSessionSchema,
  z.object({ isAuthenticated: z.literal(false) }),
]);
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
