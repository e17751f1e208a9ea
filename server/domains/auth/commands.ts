import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authErrorMessages, type AuthErrorCode } from '../../../shared/auth/messages';
import type { Role } from '../../../shared/auth/schemas';
import type { TwoFactorChallenge } from '../../../shared/auth/security';
import { PASSWORD_RESET_TTL_MS } from '../../../shared/constants';
import { EMAIL_VERIFICATION_TTL_MS, emailVerificationMessages } from '../../../shared/ops/email';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { DomainError, invalid, notFound, type DomainErrorKind } from '../../core/errors';
import { lock, refuseUnless, retryUnless } from '../../core/guards';
import { exists, first, streamVersion } from '../../core/reads';
import { qb, statement } from '../../db/statement';
import { queueEmail, templateRead } from '../email/outbox';
import { emailVerificationTemplate, passwordResetTemplate } from '../email/templates';
import { refuseIfSuspended, suspensionRead } from '../moderation/suspension';
import { issueLinkToken, linkTokenRead, type LinkTokenTable } from './link-tokens';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { closeAllSessions, newSession, type NewSession } from './sessions';
import {
  lockAttempts,
  lockedUntil,
  recordFailure,
  recordSignIn,
  throttleRead,
} from './sign-in-throttle';
import { sessionStreamId, userStreamId, userStreamIdSql } from './streams';
import { openChallenge, twoFactorEnabledRead } from './two-factor-challenges';

const KIND_BY_STATUS: Record<number, DomainErrorKind> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  429: 'limit-exceeded',
};

/** A refusal of the spec's error catalogue (000 §8), with its text under the field it concerns. */
export function authError(
  status: number,
  code: AuthErrorCode,
  field?: 'email' | 'password' | 'username',
  retryAfterSeconds?: number,
) {
  const message = authErrorMessages[code];
  return new DomainError(
    KIND_BY_STATUS[status]!,
    code,
    message,
    field ? { [field]: message } : undefined,
    retryAfterSeconds,
  );
}

const byEmail = (email: string) =>
  qb
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());

/** What a new session adds to a command's write: its row and its `UserSignedIn` event. */
export function openSession(userId: string, rememberMe: boolean) {
  const { session, row } = newSession(userId, rememberMe);
  return {
    session,
    effect: row,
    append: appendTo(sessionStreamId(session.id), 0, [
      { type: 'UserSignedIn', data: { userId, sessionId: session.id, rememberMe } },
    ]),
  };
}

export interface SignUpInput {
  username: string;
  email: string;
  /** Hashed before the command runs: argon2 is slow by design. */
  passwordHash: string;
}

/**
 * Registers a member, signs them in and queues the verification email. Uniqueness is checked at
 * commit under the registration lock; the first account of the system becomes its owner, a
 * premise checked there too (if someone registered meanwhile, the command decides again).
 */
export function signUpCommand(publicUrl: string) {
  return defineCommand({
    name: 'auth.signUp',
    load: () => ({
      anyone: exists(qb.selectFrom('users').select('id')),
      template: templateRead(emailVerificationTemplate.name),
    }),
    decide(state, input: SignUpInput) {
      const userId = randomUUID();
      const role: Role = state.anyone ? 'member' : 'owner';
      const link = issueLinkToken(publicUrl, '/verify-email', EMAIL_VERIFICATION_TTL_MS);
      const signedIn = openSession(userId, false);
      return {
        guards: [
          lock('registration'),
          refuseUnless(
            sql<boolean>`not exists (select 1 from users where lower(email) = ${input.email.toLowerCase()})`,
            authError(409, 'email-already-in-use', 'email'),
          ),
          refuseUnless(
            sql<boolean>`not exists (select 1 from users
              where lower(username) = ${input.username.toLowerCase()})`,
            authError(409, 'username-already-in-use', 'username'),
          ),
          ...(role === 'owner'
            ? [retryUnless(sql<boolean>`not exists (select 1 from users)`)]
            : []),
        ],
        appends: [
          appendTo(userStreamId(userId), 0, [
            {
              type: 'UserRegistered',
              data: {
                userId,
                username: input.username,
                email: input.email,
                passwordHash: input.passwordHash,
                role,
              },
            },
            { type: 'EmailVerificationRequested', data: { userId, ...link.issued } },
          ]),
          signedIn.append,
        ],
        effects: [
          signedIn.effect,
          ...queueEmail(
            state.template,
            input.email,
            { verificationUrl: link.url, email: input.email },
            'high',
          ),
        ],
        result: { userId, session: signedIn.session },
      };
    },
  });
}

export interface SignInInput {
  email: string;
  password: string;
  rememberMe?: boolean;
  /** Who is asking (`clientAddress`): failures are counted per address and client. */
  client: string;
}

/** A session, or the second step of a member with two-factor sign-in. */
export type SignInResult = NewSession | TwoFactorChallenge;

/**
 * Signs a member in; a member with two-factor sign-in gets a challenge instead of a session
 * (`two-factor-commands.ts` completes it). Five failures for an address from one client lock
 * that client out of the address for 15 minutes; a slower ceiling per address refuses every
 * client but the member's own (see `sign-in-throttle.ts`). Attempts of one pair run one after another, so the count
 * cannot be raced past. A refused attempt still commits, so the failure it records counts.
 */
export const signIn = defineCommand({
  name: 'auth.signIn',
  serialize: ({ email, client }: SignInInput) => lockAttempts(email.toLowerCase(), client),
  load: ({ email, client }: SignInInput) => ({
    throttle: throttleRead(email.toLowerCase(), client),
    user: first(byEmail(email)),
    twoFactor: twoFactorEnabledRead(
      sql`(select id from users where lower(email) = ${email.toLowerCase()})`,
    ),
    suspension: suspensionRead(
      sql`(select id from users where lower(email) = ${email.toLowerCase()})`,
    ),
  }),
  async decide({ throttle, user, twoFactor, suspension }, input): Promise<Decision<SignInResult>> {
    const email = input.email.toLowerCase();
    const now = new Date();
    const locked = lockedUntil(throttle, now);
    if (locked) {
      const seconds = Math.ceil((locked.getTime() - now.getTime()) / 1000);
      throw authError(429, 'too-many-requests', undefined, seconds);
    }
    // An unknown address is verified too, against a hash nobody's password matches: the time
    // an answer takes does not tell whether the address has an account.
    const passwordHash = user?.password_hash ?? (await dummyPasswordHash());
    const verified = await verifyPassword(passwordHash, input.password);
    if (!user || !verified) {
      return {
        effects: recordFailure(email, input.client, now),
        refuseAfterCommit: user
          ? authError(401, 'wrong-password', 'password')
          : authError(404, 'user-not-found', 'email'),
      };
    }
    if (user.status === 'disabled') throw authError(403, 'user-disabled');
    refuseIfSuspended(suspension, now);
    const rememberMe = input.rememberMe ?? false;
    if (twoFactor) {
      const challenge = openChallenge(user.id, rememberMe, now);
      return {
        effects: [recordSignIn(email, input.client, now), ...challenge.effects],
        result: challenge.result,
      };
    }
    const signedIn = openSession(user.id, rememberMe);
    return {
      appends: [signedIn.append],
      effects: [recordSignIn(email, input.client, now), signedIn.effect],
      result: signedIn.session,
    };
  },
});

/** Ends one session; its sockets close on every node when the relay sees `UserSignedOut`. */
export const signOut = defineCommand({
  name: 'auth.signOut',
  load: ({ sessionId }: { sessionId: string; userId: string }) => ({
    open: exists(qb.selectFrom('sessions').select('id').where('id', '=', sessionId)),
    version: streamVersion(sessionStreamId(sessionId)),
  }),
  decide({ open, version }, { sessionId, userId }) {
    if (!open) return {};
    return {
      effects: [statement(qb.deleteFrom('sessions').where('id', '=', sessionId))],
      appends: [
        appendTo(sessionStreamId(sessionId), version, [
          { type: 'UserSignedOut', data: { userId, sessionId } },
        ]),
      ],
    };
  },
});

/** Issues a single-use reset link (an hour) and queues the 'Password Reset' email. */
export function requestPasswordResetCommand(publicUrl: string) {
  return defineCommand({
    name: 'auth.requestPasswordReset',
    load: ({ email }: { email: string }) => ({
      user: first(byEmail(email)),
      template: templateRead(passwordResetTemplate.name),
      version: streamVersion(
        userStreamIdSql(sql`(select id from users where lower(email) = ${email.toLowerCase()})`),
      ),
    }),
    decide({ user, template, version }) {
      if (!user) throw authError(404, 'user-not-found', 'email');
      const { url, issued } = issueLinkToken(publicUrl, '/reset-password', PASSWORD_RESET_TTL_MS);
      return {
        appends: [
          appendTo(userStreamId(user.id), version, [
            { type: 'PasswordResetRequested', data: { userId: user.id, ...issued } },
          ]),
        ],
        effects: queueEmail(template, user.email, { resetUrl: url, email: user.email }, 'high'),
      };
    },
  });
}

/** A link's token with its member's stream version, read in one statement. */
function claimReads(table: LinkTokenTable, token: string) {
  return { token: linkTokenRead(table, token) };
}

/**
 * Sets a new password through a reset link and ends every session of the member: whoever knew
 * the old password must not stay signed in. Two uses of one link race on the member's stream;
 * the loser reads again and finds the link used.
 */
export const confirmPasswordReset = defineCommand({
  name: 'auth.confirmPasswordReset',
  load: ({ token }: { token: string; passwordHash: string }) =>
    claimReads('password_reset_tokens', token),
  decide({ token }, { passwordHash }) {
    if (!token) throw authError(400, 'invalid-reset-token');
    const { userId, tokenId, version } = token;
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'PasswordChanged', data: { userId, passwordHash, resetTokenId: tokenId } },
        ]),
      ],
      effects: [closeAllSessions(userId)],
    };
  },
});

/** Marks the address of the link's member verified; a used, expired or unknown link is refused. */
export const verifyEmail = defineCommand({
  name: 'auth.verifyEmail',
  load: ({ token }: { token: string }) => claimReads('email_verification_tokens', token),
  decide({ token }) {
    if (!token) {
      throw invalid('invalid-verification-token', emailVerificationMessages.invalid);
    }
    const { userId, tokenId, version } = token;
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'EmailVerified', data: { userId, tokenId } },
        ]),
      ],
    };
  },
});

const memberReads = (userId: string) => ({
  user: first(qb.selectFrom('users').select(['role', 'status']).where('id', '=', userId)),
  version: streamVersion(userStreamId(userId)),
});

/**
 * Makes a member an owner or an owner a member. An owner cannot change their own role, so the
 * system always keeps at least the owner who asked. `actorId` is null only for the test route.
 */
export const changeUserRole = defineCommand({
  name: 'auth.changeRole',
  load: ({ userId }: { actorId: string | null; userId: string; role: Role }) => memberReads(userId),
  decide({ user, version }, { actorId, userId, role }) {
    if (actorId === userId) {
      throw invalid('cannot-change-own-role', 'You cannot change your own role.');
    }
    if (!user) throw notFound('User not found');
    if (user.role === role) return {};
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'UserRoleChanged', data: { userId, role, byUserId: actorId } },
        ]),
      ],
    };
  },
});

export const setUserDisabled = defineCommand({
  name: 'auth.setDisabled',
  load: ({ userId }: { actorId: string; userId: string; disabled: boolean }) => memberReads(userId),
  decide({ user, version }, { actorId, userId, disabled }) {
    if (actorId === userId) {
      throw invalid('cannot-disable-self', 'You cannot disable your own account.');
    }
    if (!user) throw notFound('User not found');
    if ((user.status === 'disabled') === disabled) return {};
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          {
            type: disabled ? 'UserDisabled' : 'UserEnabled',
            data: { userId, byUserId: actorId },
          },
        ]),
      ],
      effects: disabled ? [closeAllSessions(userId)] : [],
    };
  },
});
