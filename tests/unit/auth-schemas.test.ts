import { deleteAccountSchema } from '../../shared/account';
import { validationMessages as m } from '../../shared/auth/messages';
import {
  passwordResetConfirmSchema,
  signInRequestSchema,
  signUpFormSchema,
  signUpRequestSchema,
} from '../../shared/auth/schemas';
import { changePasswordSchema, twoFactorSetupRequestSchema } from '../../shared/auth/security';
import { emailChangeSchema } from '../../shared/profiles/schemas';

function fields(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('sign-in and sign-up validation (spec 000 §5)', () => {
  it('requires email and password on sign-in', () => {
    expect(fields(signInRequestSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: m.emailRequired,
      password: m.passwordRequired,
    });
    expect(fields(signInRequestSchema.safeParse({ email: 'x@y', password: 'p' }))).toEqual({
      email: m.emailInvalid,
    });
  });

  it('gives the sign-up texts in order of the rules', () => {
    const result = signUpFormSchema.safeParse({
      username: 'a-b',
      email: 'ana@example.com',
      password: 'abcdefgh',
      confirmPassword: '',
    });
    expect(fields(result)).toEqual({
      username: m.usernameCharacters,
      password: m.passwordComplexity,
      confirmPassword: m.confirmRequired,
    });
    expect(
      fields(
        signUpFormSchema.safeParse({
          username: 'ana',
          email: 'ana@example.com',
          password: 'Secret123',
          confirmPassword: 'Secret124',
        }),
      ),
    ).toEqual({ confirmPassword: m.passwordsDoNotMatch });
  });

  it('answers a password over 128 characters with the length message wherever one is typed', () => {
    const long = `Aa1${'x'.repeat(126)}`;
    const account = { email: 'ana@example.com', username: 'ana' };
    const cases = {
      signIn: signInRequestSchema.safeParse({ email: account.email, password: long }),
      signUp: signUpRequestSchema.safeParse({ ...account, password: long }),
      signUpForm: signUpFormSchema.safeParse({ ...account, password: long, confirmPassword: long }),
      reset: passwordResetConfirmSchema.safeParse({ token: 't'.repeat(20), password: long }),
      change: changePasswordSchema.safeParse({ currentPassword: long, newPassword: long }),
      twoFactor: twoFactorSetupRequestSchema.safeParse({ password: long }),
      emailChange: emailChangeSchema.safeParse({ email: account.email, password: long }),
      deleteAccount: deleteAccountSchema.safeParse({ password: long, confirmation: 'DELETE' }),
    };
    const messages = Object.fromEntries(
      Object.entries(cases).map(([name, result]) => [name, fields(result)]),
    );
    expect(messages).toEqual({
      signIn: { password: m.passwordTooLong },
      signUp: { password: m.passwordTooLong },
      signUpForm: { password: m.passwordTooLong, confirmPassword: m.passwordTooLong },
      reset: { password: m.passwordTooLong },
      change: { currentPassword: m.passwordTooLong, newPassword: m.passwordTooLong },
      twoFactor: { password: m.passwordTooLong },
      emailChange: { password: m.passwordTooLong },
      deleteAccount: { password: m.passwordTooLong },
    });
  });
});
