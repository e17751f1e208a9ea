import { authErrorMessages } from '../../shared/auth/messages';
import { REMEMBER_ME_DAYS } from '../../shared/constants';
import { emailVerificationMessages } from '../../shared/ops/email';
import { DomainError } from '../../server/core/errors';
import {
  changeUserRole,
  confirmPasswordReset,
  requestPasswordResetCommand,
  setUserDisabled,
  signIn,
  signOut,
  signUpCommand,
  verifyEmail,
} from '../../server/domains/auth/commands';
import { hashPassword } from '../../server/domains/auth/passwords';
import type { NewSession } from '../../server/domains/auth/sessions';
import {
  SIGN_IN_ADDRESS_CEILING,
  type SignInThrottle,
} from '../../server/domains/auth/sign-in-throttle';
import {
  emailVerificationTemplate,
  passwordResetTemplate,
} from '../../server/domains/email/templates';
import {
  ANA,
  BEN,
  by,
  decide,
  refusal,
  refusedAs,
  storedTemplate,
  type Refusal,
  type StateOf,
} from './support/decide';

const PUBLIC_URL = 'https://agora.example';

/** A refusal of the spec's catalogue, its text also under the field it concerns. */
const authRefusal = (
  kind: Refusal['kind'],
  code: keyof typeof authErrorMessages,
  field?: 'email' | 'password',
): Refusal => {
  const message = authErrorMessages[code];
  return field ? { kind, code, message, fields: { [field]: message } } : { kind, code, message };
};
const PASSWORD = 'Secret123';
const USER_STREAM = `user-${ANA}`;

type User = NonNullable<StateOf<typeof signIn>['user']>;
let passwordHash: string;
/** Ana's account row, as the sign-in reads it by her address. */
const ana = (over: Partial<User> = {}): User => ({
  id: ANA,
  username: 'ana',
  email: 'ana@example.com',
  password_hash: passwordHash,
  role: 'member',
  status: 'active',
  display_name: 'ana',
  avatar: null,
  email_verified: true,
  privacy: 'public',
  created_at: new Date('2026-01-01T00:00:00.000Z'),
  updated_at: new Date('2026-01-01T00:00:00.000Z'),
  ...over,
});

beforeAll(async () => {
  // A real argon2id hash: the sign-in's decision verifies it.
  passwordHash = await hashPassword(PASSWORD);
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('signing up', () => {
  const signUp = signUpCommand(PUBLIC_URL);
  const when = { username: 'ana', email: 'Ana@example.com', passwordHash: 'hash' };
  const given = (anyone: boolean) => ({
    anyone,
    template: storedTemplate(emailVerificationTemplate),
  });

  it('makes the first account the owner, a premise checked again at commit', async () => {
    const decision = await decide(signUp, given(false), when);
    expect(decision.events[0]).toEqual({
      type: 'UserRegistered',
      data: {
        userId: expect.any(String),
        username: 'ana',
        email: 'Ana@example.com',
        passwordHash: 'hash',
        role: 'owner',
      },
    });
    // The registration lock, both uniqueness rules, and "nobody registered meanwhile".
    expect(decision.guards).toBe(4);
  });

  it('registers later accounts as members, signs them in and queues the verification email', async () => {
    const decision = await decide(signUp, given(true), when);
    const userId = (decision.events[0]!.data as { userId: string }).userId;
    expect(decision).toMatchObject({
      appends: [
        {
          streamId: `user-${userId}`,
          expectedVersion: 0,
          types: ['UserRegistered', 'EmailVerificationRequested'],
        },
        {
          streamId: expect.stringMatching(/^session-/),
          expectedVersion: 0,
          types: ['UserSignedIn'],
        },
      ],
      guards: 3,
      // The session row, then the email's outbox row, wake-up and queue counts.
      effects: 4,
      result: { userId, session: { rememberMe: false } },
    });
    expect(decision.events[0]!.data).toMatchObject({ role: 'member' });
  });
});

describe('signing in', () => {
  const when = { email: 'ANA@example.com', password: PASSWORD, client: '203.0.113.7' };

  it('refuses a locked-out address before looking at the password', async () => {
    const refused = await refusal(
      signIn,
      {
        throttle: { locked_until: minutesFromNow(1) },
        user: ana(),
        twoFactor: false,
        suspension: null,
      },
      when,
    );
    expect(refused).toEqual(authRefusal('limit-exceeded', 'too-many-requests'));
  });

  it('refuses an unknown address after commit, counting the failure', async () => {
    const decision = await decide(
      signIn,
      { throttle: undefined, user: undefined, twoFactor: false, suspension: null },
      when,
    );
    expect(decision).toMatchObject({
      appends: [],
      // The failure counted, then the lock when it is the fifth.
      effects: 2,
      refusedAfterCommit: authRefusal('not-found', 'user-not-found', 'email'),
    });
  });

  it('refuses a wrong password after commit, counting the failure, even for a disabled account', async () => {
    for (const status of ['active', 'disabled'] as const) {
      const decision = await decide(
        signIn,
        { throttle: undefined, user: ana({ status }), twoFactor: false, suspension: null },
        { ...when, password: 'Wrong1234' },
      );
      expect(decision).toMatchObject({
        appends: [],
        effects: 2,
        refusedAfterCommit: authRefusal('unauthenticated', 'wrong-password', 'password'),
      });
    }
  });

  it('refuses a disabled account with the right password', async () => {
    const refused = await refusal(
      signIn,
      {
        throttle: undefined,
        user: ana({ status: 'disabled' }),
        twoFactor: false,
        suspension: null,
      },
      when,
    );
    expect(refused).toEqual(authRefusal('forbidden', 'user-disabled'));
  });

  it('opens a session once a lock has run out, and clears the failures', async () => {
    const decision = await decide(
      signIn,
      {
        throttle: { locked_until: minutesFromNow(-1) },
        user: ana(),
        twoFactor: false,
        suspension: null,
      },
      when,
    );
    expect(decision).toMatchObject({
      appends: [
        {
          streamId: expect.stringMatching(/^session-/),
          expectedVersion: 0,
          types: ['UserSignedIn'],
        },
      ],
      // The throttle row cleared, the session row written.
      effects: 2,
      result: { rememberMe: false },
    });
    expect(decision.refusedAfterCommit).toBeUndefined();
    expect(decision.events).toEqual([
      {
        type: 'UserSignedIn',
        data: { userId: ANA, sessionId: expect.any(String), rememberMe: false },
      },
    ]);
  });

  it('keeps a remembered session for 30 days', async () => {
    const decision = await decide(
      signIn,
      { throttle: undefined, user: ana(), twoFactor: false, suspension: null },
      { ...when, rememberMe: true },
    );
    expect(decision.events[0]!.data).toMatchObject({ rememberMe: true });
    const days = ((decision.result as NewSession).expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(REMEMBER_ME_DAYS - 0.1);
    expect(days).toBeLessThanOrEqual(REMEMBER_ME_DAYS);
  });

  /** The address's ceiling reached `hoursAgo` hours into its day, for a client never used. */
  const ceilingReached = (hoursAgo: number, over: Partial<SignInThrottle> = {}) => ({
    locked_until: null,
    signed_in_at: null,
    address_failures: SIGN_IN_ADDRESS_CEILING.maxFailures,
    address_window_started_at: minutesFromNow(-hoursAgo * 60),
    ...over,
  });

  /** The refusal's Retry-After, in seconds. */
  async function retryAfter(given: StateOf<typeof signIn>) {
    const refused = await Promise.resolve(signIn.decide(given, when, by(null))).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    return (refused as DomainError).retryAfterSeconds;
  }

  it('tells a locked-out client when to try again', async () => {
    const seconds = await retryAfter({
      throttle: { locked_until: minutesFromNow(10) },
      user: ana(),
      twoFactor: false,
      suspension: null,
    });
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(seconds).toBeLessThanOrEqual(10 * 60);
  });

  it("refuses every other client once the address's daily ceiling is reached, until the day is over", async () => {
    const given = { throttle: ceilingReached(6), user: ana(), twoFactor: false, suspension: null };
    expect(await refusal(signIn, given, when)).toEqual(
      authRefusal('limit-exceeded', 'too-many-requests'),
    );
    const seconds = await retryAfter(given);
    expect(seconds).toBeGreaterThan(17.9 * 3600);
    expect(seconds).toBeLessThanOrEqual(18 * 3600);

    // One failure short of the ceiling, or a day after its first failure, it does not refuse.
    for (const throttle of [
      ceilingReached(6, { address_failures: SIGN_IN_ADDRESS_CEILING.maxFailures - 1 }),
      ceilingReached(24),
    ]) {
      const decision = await decide(
        signIn,
        { throttle, user: ana(), twoFactor: false, suspension: null },
        when,
      );
      expect(decision.result).toMatchObject({ rememberMe: false });
    }
  });

  it("lets the member's own client through the ceiling, but not through its own lock", async () => {
    const own = ceilingReached(6, { signed_in_at: minutesFromNow(-60 * 24 * 7) });
    const decision = await decide(
      signIn,
      { throttle: own, user: ana(), twoFactor: false, suspension: null },
      when,
    );
    // The pair marked the member's once more, the session row written.
    expect(decision).toMatchObject({ effects: 2, result: { rememberMe: false } });

    const longAgo = ceilingReached(6, { signed_in_at: minutesFromNow(-60 * 24 * 31) });
    const locked = { ...own, locked_until: minutesFromNow(5) };
    for (const throttle of [longAgo, locked]) {
      expect(
        await refusal(signIn, { throttle, user: ana(), twoFactor: false, suspension: null }, when),
      ).toEqual(authRefusal('limit-exceeded', 'too-many-requests'));
    }
  });
});

describe('signing out', () => {
  const when = { sessionId: 'session-id-1', userId: ANA };

  it('changes nothing for a session already closed', async () => {
    const decision = await decide(signOut, { open: false, version: 1 }, when);
    expect(decision).toMatchObject({ appends: [], effects: 0 });
  });

  it('deletes the session and appends UserSignedOut to its stream', async () => {
    const decision = await decide(signOut, { open: true, version: 1 }, when);
    expect(decision).toMatchObject({
      appends: [{ streamId: 'session-session-id-1', expectedVersion: 1, types: ['UserSignedOut'] }],
      effects: 1,
    });
    expect(decision.events).toEqual([
      { type: 'UserSignedOut', data: { userId: ANA, sessionId: 'session-id-1' } },
    ]);
  });
});

describe('requesting a password reset', () => {
  const requestReset = requestPasswordResetCommand(PUBLIC_URL);
  const template = storedTemplate(passwordResetTemplate);

  it('answers not found for an unknown address', async () => {
    const refused = await refusal(
      requestReset,
      { user: undefined, template, version: 0 },
      { email: 'ghost@example.com' },
    );
    expect(refused).toEqual(authRefusal('not-found', 'user-not-found', 'email'));
  });

  it("records the link's hash on the member's stream and queues the email", async () => {
    const decision = await decide(
      requestReset,
      { user: ana(), template, version: 4 },
      { email: 'ana@example.com' },
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: USER_STREAM, expectedVersion: 4, types: ['PasswordResetRequested'] }],
      effects: 3,
    });
    expect(decision.events).toEqual([
      {
        type: 'PasswordResetRequested',
        data: {
          userId: ANA,
          tokenId: expect.any(String),
          tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          expiresAt: expect.any(String),
        },
      },
    ]);
  });
});

describe('setting a new password through a reset link', () => {
  const when = { token: 'from-the-link', passwordHash: 'new-hash' };

  it('refuses a link that is unknown, used or expired', async () => {
    const refused = await refusal(confirmPasswordReset, { token: null }, when);
    expect(refused).toEqual(authRefusal('invalid', 'invalid-reset-token'));
  });

  it("appends PasswordChanged at the member's version and ends every session", async () => {
    const decision = await decide(
      confirmPasswordReset,
      { token: { tokenId: 'token-1', userId: ANA, version: 6 } },
      when,
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: USER_STREAM, expectedVersion: 6, types: ['PasswordChanged'] }],
      effects: 1,
    });
    expect(decision.events).toEqual([
      {
        type: 'PasswordChanged',
        data: { userId: ANA, passwordHash: 'new-hash', resetTokenId: 'token-1' },
      },
    ]);
  });
});

describe('verifying an email address', () => {
  it('refuses a link that is unknown, used or expired', async () => {
    const refused = await refusal(verifyEmail, { token: null }, { token: 'from-the-link' });
    expect(refused).toEqual(
      refusedAs.invalid('invalid-verification-token', emailVerificationMessages.invalid),
    );
  });

  it("appends EmailVerified at the member's version", async () => {
    const decision = await decide(
      verifyEmail,
      { token: { tokenId: 'token-2', userId: ANA, version: 2 } },
      { token: 'from-the-link' },
    );
    expect(decision.appends).toEqual([
      { streamId: USER_STREAM, expectedVersion: 2, types: ['EmailVerified'] },
    ]);
    expect(decision.events).toEqual([
      { type: 'EmailVerified', data: { userId: ANA, tokenId: 'token-2' } },
    ]);
  });
});

describe("changing a member's role", () => {
  const member = { user: { role: 'member' as const, status: 'active' as const }, version: 3 };

  it('refuses an owner changing their own role', async () => {
    const refused = await refusal(
      changeUserRole,
      member,
      { actorId: ANA, userId: ANA, role: 'member' },
      by(ANA),
    );
    expect(refused).toEqual(
      refusedAs.invalid('cannot-change-own-role', 'You cannot change your own role.'),
    );
  });

  it('answers not found for an unknown member', async () => {
    const refused = await refusal(
      changeUserRole,
      { user: undefined, version: 0 },
      { actorId: ANA, userId: BEN, role: 'owner' },
    );
    expect(refused).toEqual(refusedAs.notFound('User not found'));
  });

  it('appends nothing when the member has the role already', async () => {
    const decision = await decide(changeUserRole, member, {
      actorId: ANA,
      userId: BEN,
      role: 'member',
    });
    expect(decision.appends).toEqual([]);
  });

  it('appends UserRoleChanged naming who changed it; the test route changes it as nobody', async () => {
    for (const actorId of [ANA, null]) {
      const decision = await decide(changeUserRole, member, {
        actorId,
        userId: BEN,
        role: 'owner',
      });
      expect(decision.appends).toEqual([
        { streamId: `user-${BEN}`, expectedVersion: 3, types: ['UserRoleChanged'] },
      ]);
      expect(decision.events).toEqual([
        { type: 'UserRoleChanged', data: { userId: BEN, role: 'owner', byUserId: actorId } },
      ]);
    }
  });
});

describe('disabling and enabling a member', () => {
  const withStatus = (status: 'active' | 'disabled') => ({
    user: { role: 'member' as const, status },
    version: 8,
  });

  it('refuses an owner disabling their own account', async () => {
    const refused = await refusal(setUserDisabled, withStatus('active'), {
      actorId: ANA,
      userId: ANA,
      disabled: true,
    });
    expect(refused).toEqual(
      refusedAs.invalid('cannot-disable-self', 'You cannot disable your own account.'),
    );
  });

  it('answers not found for an unknown member', async () => {
    const refused = await refusal(
      setUserDisabled,
      { user: undefined, version: 0 },
      { actorId: ANA, userId: BEN, disabled: true },
    );
    expect(refused).toEqual(refusedAs.notFound('User not found'));
  });

  it('appends nothing when the account already is as asked', async () => {
    for (const [status, disabled] of [
      ['disabled', true],
      ['active', false],
    ] as const) {
      const decision = await decide(setUserDisabled, withStatus(status), {
        actorId: ANA,
        userId: BEN,
        disabled,
      });
      expect(decision).toMatchObject({ appends: [], effects: 0 });
    }
  });

  it('disables with UserDisabled and ends the sessions; enables with UserEnabled', async () => {
    const disabled = await decide(setUserDisabled, withStatus('active'), {
      actorId: ANA,
      userId: BEN,
      disabled: true,
    });
    expect(disabled).toMatchObject({
      appends: [{ streamId: `user-${BEN}`, expectedVersion: 8, types: ['UserDisabled'] }],
      effects: 1,
    });
    expect(disabled.events).toEqual([
      { type: 'UserDisabled', data: { userId: BEN, byUserId: ANA } },
    ]);

    const enabled = await decide(setUserDisabled, withStatus('disabled'), {
      actorId: ANA,
      userId: BEN,
      disabled: false,
    });
    expect(enabled).toMatchObject({
      appends: [{ streamId: `user-${BEN}`, expectedVersion: 8, types: ['UserEnabled'] }],
      effects: 0,
    });
  });
});
