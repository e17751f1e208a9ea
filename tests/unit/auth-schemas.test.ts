import { validationMessages as m } from '../../shared/auth/messages';
import { signInRequestSchema, signUpFormSchema } from '../../shared/auth/schemas';

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
});
