import { randomUUID } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_MS, emailVerificationMessages } from '../../../shared/ops/email';
import type { Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { HttpError } from '../../http/errors';
import { enqueueEmail } from '../email/outbox';
import { emailVerificationTemplate } from '../email/templates';
import type { CommandContext } from './commands';
import { hashToken, randomToken } from './tokens';

/**
 * Issues a single-use verification link (only its hash is stored; it expires after 24 hours)
 * and queues the 'Email Verification' email, in the caller's transaction.
 */
export async function requestEmailVerification(
  trx: Trx,
  args: {
    userId: string;
    email: string;
    streamVersion: number;
    publicUrl: string;
    requestId?: string;
  },
): Promise<void> {
  const token = randomToken();
  await append(
    trx,
    `user-${args.userId}`,
    args.streamVersion,
    [
      {
        type: 'EmailVerificationRequested',
        data: {
          userId: args.userId,
          tokenId: randomUUID(),
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
        },
      },
    ],
    { actorId: args.userId, requestId: args.requestId },
  );
  const verificationUrl = new URL('/verify-email', args.publicUrl);
  verificationUrl.searchParams.set('token', token);
  await enqueueEmail(
    trx,
    emailVerificationTemplate,
    args.email,
    { verificationUrl: verificationUrl.toString(), email: args.email },
    'high',
  );
}

/** Marks the address of the link's member verified; a used, expired or unknown link is refused. */
export async function verifyEmail(ctx: CommandContext, token: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_verification_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= new Date()) {
      throw new HttpError(400, 'invalid-verification-token', emailVerificationMessages.invalid);
    }
    const user = await trx
      .selectFrom('users')
      .select(['id', 'stream_version'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    await append(
      trx,
      `user-${user.id}`,
      user.stream_version,
      [{ type: 'EmailVerified', data: { userId: user.id, tokenId: row.id } }],
      { actorId: user.id, requestId: ctx.requestId },
    );
  });
}
