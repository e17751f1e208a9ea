import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authErrorMessages, type AuthErrorCode } from '../../../shared/auth/messages';
import type {
  PasswordResetConfirm,
  Role,
  SignInRequest,
  SignUpRequest,
} from '../../../shared/auth/schemas';
import { PASSWORD_RESET_TTL_MS } from '../../../shared/constants';
import type { Db, Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { HttpError } from '../../http/errors';
import { enqueueEmail } from '../email/outbox';
import { passwordResetTemplate } from '../email/templates';
import { requestEmailVerification } from './email-verification';
import { claimLinkToken, issueLinkToken } from './link-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { closeAllSessions, closeSession, openSession, type NewSession } from './sessions';
import { clearThrottle, lockThrottle, recordFailure } from './sign-in-throttle';

export interface CommandContext {
  db: Db;
  requestId?: string;
}

function authError(status: number, code: AuthErrorCode, field?: 'email' | 'password' | 'username') {
  const message = authErrorMessages[code];
  return new HttpError(status, code, message, field ? { [field]: message } : undefined);
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

function findUserByEmail(trx: Db | Trx, email: string) {
  return trx
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

// Registrations take this lock so the "first account is the owner" and uniqueness checks see
// every registration that committed before them.
const REGISTRATION_LOCK = 7_204_113;

export async function signUp(
  ctx: CommandContext & { publicUrl: string },
  input: SignUpRequest,
): Promise<{ userId: string; session: NewSession }> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`.execute(trx);
    if (await findUserByEmail(trx, input.email)) {
      throw authError(409, 'email-already-in-use', 'email');
    }
    const sameName = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
      .executeTakeFirst();
    if (sameName) throw authError(409, 'username-already-in-use', 'username');
    const anyone = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const userId = randomUUID();
    await append(
      trx,
      userStreamId(userId),
      0,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            username: input.username,
            email: input.email,
            passwordHash,
            role: anyone ? 'member' : 'owner',
          },
        },
      ],
      { actorId: userId, requestId: ctx.requestId },
    );
    await requestEmailVerification(trx, {
      userId,
      email: input.email,
      streamVersion: 1,
      publicUrl: ctx.publicUrl,
      requestId: ctx.requestId,
    });
    const session = await openSession(trx, userId, false, ctx.requestId);
    return { userId, session };
  });
}

export async function signIn(ctx: CommandContext, input: SignInRequest): Promise<NewSession> {
  const email = input.email.toLowerCase();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    if (await lockThrottle(trx, email, now)) {
      return { error: authError(429, 'too-many-requests') };
    }
    const user = await findUserByEmail(trx, email);
    if (!user) {
      await recordFailure(trx, email, now);
      return { error: authError(404, 'user-not-found', 'email') };
    }
    if (!(await verifyPassword(user.password_hash, input.password))) {
      await recordFailure(trx, email, now);
      return { error: authError(401, 'wrong-password', 'password') };
    }
    if (user.status === 'disabled') return { error: authError(403, 'user-disabled') };
    await clearThrottle(trx, email);
    return { session: await openSession(trx, user.id, input.rememberMe ?? false, ctx.requestId) };
  });
  // A refused attempt still commits, so the failure it recorded counts.
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

export async function signOut(
  ctx: CommandContext,
  session: { id: string; userId: string },
): Promise<void> {
  await ctx.db.transaction().execute((trx) => closeSession(trx, session, ctx.requestId));
}

export async function requestPasswordReset(
  ctx: CommandContext & { publicUrl: string },
  email: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) throw authError(404, 'user-not-found', 'email');
    const { url, issued } = issueLinkToken(ctx.publicUrl, '/reset-password', PASSWORD_RESET_TTL_MS);
    await append(
      trx,
      userStreamId(user.id),
      user.stream_version,
      [{ type: 'PasswordResetRequested', data: { userId: user.id, ...issued } }],
      { requestId: ctx.requestId },
    );
    await enqueueEmail(
      trx,
      passwordResetTemplate,
      user.email,
      { resetUrl: url, email: user.email },
      'high',
    );
  });
}

export async function confirmPasswordReset(
  ctx: CommandContext,
  input: PasswordResetConfirm,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimLinkToken(trx, 'password_reset_tokens', input.token);
    if (!claimed) throw authError(400, 'invalid-reset-token');
    const { userId, tokenId, streamVersion } = claimed;
    await append(
      trx,
      userStreamId(userId),
      streamVersion,
      [{ type: 'PasswordChanged', data: { userId, passwordHash, resetTokenId: tokenId } }],
      { actorId: userId, requestId: ctx.requestId },
    );
    // Whoever knew the old password must not stay signed in.
    await closeAllSessions(trx, userId);
  });
}

/**
 * Makes a member an owner or an owner a member. An owner cannot change their own role, so the
 * system always keeps at least the owner who asked. `actorId` is null only for the test route.
 */
export async function changeUserRole(
  ctx: CommandContext,
  actorId: string | null,
  userId: string,
  role: Role,
): Promise<void> {
  if (actorId === userId) {
    throw new HttpError(400, 'cannot-change-own-role', 'You cannot change your own role.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['role', 'stream_version'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new HttpError(404, 'not-found', 'User not found');
    if (user.role === role) return;
    await append(
      trx,
      userStreamId(userId),
      user.stream_version,
      [{ type: 'UserRoleChanged', data: { userId, role, byUserId: actorId } }],
      { ...(actorId ? { actorId } : {}), requestId: ctx.requestId },
    );
  });
}

export async function setUserDisabled(
  ctx: CommandContext,
  actorId: string,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (actorId === userId) {
    throw new HttpError(400, 'cannot-disable-self', 'You cannot disable your own account.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'status', 'stream_version'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new HttpError(404, 'not-found', 'User not found');
    if ((user.status === 'disabled') === disabled) return;
    await append(
      trx,
      userStreamId(userId),
      user.stream_version,
      [{ type: disabled ? 'UserDisabled' : 'UserEnabled', data: { userId, byUserId: actorId } }],
      { actorId, requestId: ctx.requestId },
    );
    if (disabled) await closeAllSessions(trx, userId);
  });
}
