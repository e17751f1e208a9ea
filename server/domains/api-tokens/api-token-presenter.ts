import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '../../../shared/api-tokens';

/** A token as the read model and its last use give it. */
export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  hint: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: 'revoked' | 'password-changed' | null;
  last_used_at: Date | null;
}

/** Revoked wins over expired: a member who revoked a token wants to see that they did. */
export function apiTokenStatus(
  row: Pick<ApiTokenRow, 'expires_at' | 'revoked_at'>,
  now: Date,
): ApiTokenStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  return 'active';
}

/** The one presenter of a token, for the list and the answer to a creation alike. */
export function presentApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    preview: `${API_TOKEN_PREFIX}…${row.hint}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    status: apiTokenStatus(row, now),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedReason: row.revoked_reason,
  };
}
