import { randomUUID } from 'node:crypto';
import type { Trx } from '../../db/schema';
import { hashToken, randomToken } from './tokens';

export type LinkTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

/**
 * A single-use link emailed to a member (password reset, email verification): the token rides in
 * the URL only; the log and the read model keep its hash and expiry.
 */
export function issueLinkToken(publicUrl: string, path: string, ttlMs: number) {
  const token = randomToken();
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return {
    url: url.toString(),
    issued: {
      tokenId: randomUUID(),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
    },
  };
}

/**
 * The link's token, locked for the rest of the transaction, with its member's stream version;
 * null when the token is unknown, used or expired.
 */
export async function claimLinkToken(
  trx: Trx,
  table: LinkTokenTable,
  token: string,
): Promise<{ tokenId: string; userId: string; streamVersion: number } | null> {
  const row = await trx
    .selectFrom(table)
    .select(['id', 'user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= new Date()) return null;
  const user = await trx
    .selectFrom('users')
    .select('stream_version')
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  return { tokenId: row.id, userId: row.user_id, streamVersion: user.stream_version };
}
