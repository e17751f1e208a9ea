import { REVOKED_TOKENS_SHOWN_DAYS, type ApiToken } from '../../../shared/api-tokens';
import type { Db } from '../../db/schema';
import { presentApiToken } from './api-token-presenter';

const DAY_MS = 24 * 60 * 60 * 1000;

function tokensOf(db: Db, userId: string) {
  return db
    .selectFrom('api_tokens as t')
    .leftJoin('api_token_uses as u', 'u.token_id', 't.id')
    .select([
      't.id',
      't.name',
      't.scopes',
      't.hint',
      't.created_at',
      't.expires_at',
      't.revoked_at',
      't.revoked_reason',
      'u.last_used_at',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');
}

/**
 * A member's tokens, newest first: working and expired ones, and those revoked in the last
 * `REVOKED_TOKENS_SHOWN_DAYS` (a member whose script stopped after a password change sees why).
 */
export async function readApiTokens(db: Db, userId: string, now: Date): Promise<ApiToken[]> {
  const shownSince = new Date(now.getTime() - REVOKED_TOKENS_SHOWN_DAYS * DAY_MS);
  const rows = await tokensOf(db, userId)
    .where((eb) => eb.or([eb('t.revoked_at', 'is', null), eb('t.revoked_at', '>', shownSince)]))
    .execute();
  return rows.map((row) => presentApiToken(row, now));
}

/** Every token the member ever made, for Download My Data: as listed, never the secret or hash. */
export async function readApiTokensForExport(db: Db, userId: string): Promise<ApiToken[]> {
  const now = new Date();
  return (await tokensOf(db, userId).execute()).map((row) => presentApiToken(row, now));
}
