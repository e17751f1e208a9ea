import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { first, mapRead, streamVersionSql, type Read } from '../../core/reads';
import { userStreamIdSql } from './streams';
import { qb } from '../../db/statement';
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
 * The link's token if it is known, unused and unexpired, with its member's stream version: using
 * it appends at that version, so two uses of one link cannot both succeed.
 */
export function linkTokenRead(
  table: LinkTokenTable,
  token: string,
): Read<{ tokenId: string; userId: string; version: number } | null> {
  return mapRead(
    first(
      qb
        .selectFrom(table)
        .select([
          'id',
          'user_id',
          streamVersionSql(userStreamIdSql(sql.ref('user_id'))).as('version'),
        ])
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`),
    ),
    (row) => (row ? { tokenId: row.id, userId: row.user_id, version: row.version } : null),
  );
}
