import { z } from 'zod';
import { validationMessages as m } from './messages';

/** A basic address pattern (spec 000 §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid);

export const usernameField = z
  .string({ error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .min(3, m.usernameTooShort)
  .max(30, m.usernameTooLong)
  .regex(/^[A-Za-z0-9_]+$/, m.usernameCharacters);

/** The strength rule of spec 000 §5: 8+ characters with upper, lower and digit. */
export const newPasswordField = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(8, m.passwordTooShort)
  .max(128, m.passwordTooLong)
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, m.passwordComplexity);

export const signInRequestSchema = z.strictObject({
  email: emailField,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128),
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
    confirmPassword: z.string().min(1, m.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({
  token: z.string().min(16).max(200),
  password: newPasswordField,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const roleSchema = z.enum(['member', 'owner']);
export type Role = z.infer<typeof roleSchema>;

/** Session summary, fields of spec 002 §3, plus the role the server enforces. */
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
});
export const sessionSummarySchema = z.discriminatedUnion('isAuthenticated', [
  signedInSessionSchema,
  z.object({ isAuthenticated: z.literal(false) }),
]);
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
