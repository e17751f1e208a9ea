import type { ApiTokenScope } from '../../../shared/api-tokens/scopes';

/** A member's personal access token (the api-tokens projection); the secret only as its hash. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  scopes: ApiTokenScope[];
  token_hash: string;
  hint: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: 'revoked' | 'password-changed' | null;
}

/** When each token was last used (operational: stamped at most once a minute, not in the log). */
export interface ApiTokenUsesTable {
  token_id: string;
  last_used_at: Date;
}
