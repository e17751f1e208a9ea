import { EMAIL_VERIFICATION_TTL_MS, emailVerificationMessages } from '../../../shared/ops/email';
import type { Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { HttpError } from '../../http/errors';
import { enqueueEmail } from '../email/outbox';
import { emailVerificationTemplate } from '../email/templates';
import { userStreamId, type CommandContext } from './commands';
import { claimLinkToken, issueLinkToken } from './link-tokens';

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
  const { url, issued } = issueLinkToken(
    args.publicUrl,
    '/verify-email',
    EMAIL_VERIFICATION_TTL_MS,
  );
  await append(
    trx,
    userStreamId(args.userId),
    args.streamVersion,
    [{ type: 'EmailVerificationRequested', data: { userId: args.userId, ...issued } }],
    { actorId: args.userId, requestId: args.requestId },
  );
  await enqueueEmail(
    trx,
    emailVerificationTemplate,
    args.email,
    { verificationUrl: url, email: args.email },
    'high',
  );
}

/** Marks the address of the link's member verified; a used, expired or unknown link is refused. */
export async function verifyEmail(ctx: CommandContext, token: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimLinkToken(trx, 'email_verification_tokens', token);
    if (!claimed) {
      throw new HttpError(400, 'invalid-verification-token', emailVerificationMessages.invalid);
    }
    const { userId, tokenId, streamVersion } = claimed;
    await append(
      trx,
      userStreamId(userId),
      streamVersion,
      [{ type: 'EmailVerified', data: { userId, tokenId } }],
      { actorId: userId, requestId: ctx.requestId },
    );
  });
}
