import { authErrorMessages, validationMessages } from '../../../shared/auth/messages';
import { signInRequestSchema, signUpFormSchema } from '../../../shared/auth/schemas';
import { describeFailure, fieldErrorsFromZod } from '../../../web/lib/formErrors';
import { confirmationError } from '../../../web/features/auth/passwordConfirmation';

const LOGIN = ['email', 'password'] as const;
const SIGN_UP = ['username', 'email', 'password', 'confirmPassword'] as const;
const serverError = (status: number, code: string, fields?: Record<string, string>) => ({
  status,
  data: { error: { code, message: `server text for ${code}`, ...(fields ? { fields } : {}) } },
});

describe('client-side field errors', () => {
  it('gives the spec texts for an empty login form', () => {
    const result = signInRequestSchema.safeParse({ email: '', password: '', rememberMe: false });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error, LOGIN)).toEqual({
      email: validationMessages.emailRequired,
      password: validationMessages.passwordRequired,
    });
  });

  it('keeps only the first message of each field', () => {
    const result = signUpFormSchema.safeParse({
      username: 'a-',
      email: 'nope',
      password: 'short',
      confirmPassword: '',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error, SIGN_UP)).toEqual({
      username: validationMessages.usernameTooShort,
      email: validationMessages.emailInvalid,
      password: validationMessages.passwordTooShort,
      confirmPassword: validationMessages.confirmRequired,
    });
  });

  it('checks the confirmation on its own', () => {
    expect(confirmationError('Secret123', '')).toBe(validationMessages.confirmRequired);
    expect(confirmationError('Secret123', 'Secret124')).toBe(
      validationMessages.passwordsDoNotMatch,
    );
    expect(confirmationError('Secret123', 'Secret123')).toBeUndefined();
  });
});

describe('describeFailure', () => {
  const fallback = authErrorMessages['login-failed'];

  it('puts user-not-found under the email field', () => {
    const failure = serverError(404, 'user-not-found', {
      email: authErrorMessages['user-not-found'],
    });
    expect(describeFailure(failure, LOGIN, fallback)).toEqual({
      fields: { email: authErrorMessages['user-not-found'] },
      general: null,
    });
  });

  it('puts wrong-password under the password field even without fields', () => {
    expect(describeFailure(serverError(401, 'wrong-password'), LOGIN, fallback)).toEqual({
      fields: { password: authErrorMessages['wrong-password'] },
      general: null,
    });
  });

  it('shows throttling and disabled accounts as general errors with the spec texts', () => {
    expect(describeFailure(serverError(429, 'too-many-requests'), LOGIN, fallback).general).toBe(
      authErrorMessages['too-many-requests'],
    );
    expect(describeFailure(serverError(403, 'user-disabled'), LOGIN, fallback).general).toBe(
      authErrorMessages['user-disabled'],
    );
  });

  it('falls back for unknown codes, network failures and non-JSON bodies', () => {
    expect(describeFailure(serverError(500, 'internal'), LOGIN, fallback)).toEqual({
      fields: {},
      general: fallback,
    });
    expect(
      describeFailure({ status: 'FETCH_ERROR', error: 'offline' }, LOGIN, fallback).general,
    ).toBe(fallback);
    expect(describeFailure({ status: 502, data: '<html>' }, LOGIN, fallback).general).toBe(
      fallback,
    );
  });

  it('marks the field of a sign-up conflict and also reports it as a general error', () => {
    expect(
      describeFailure(
        serverError(409, 'username-already-in-use'),
        SIGN_UP,
        authErrorMessages['sign-up-failed'],
      ),
    ).toEqual({
      fields: { username: authErrorMessages['username-already-in-use'] },
      general: authErrorMessages['username-already-in-use'],
    });
  });

  it('ignores server field errors for fields the form does not have', () => {
    expect(
      describeFailure(serverError(400, 'validation', { rememberMe: 'bad' }), LOGIN, fallback),
    ).toEqual({ fields: {}, general: fallback });
  });
});
