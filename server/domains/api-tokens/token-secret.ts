import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../../shared/api-tokens/scopes';
import { hashToken } from '../auth/tokens';

export interface TokenSecret {
  /** Shown to the member once, never stored. */
  secret: string;
  /** Its SHA-256: what the log and the read model keep. */
  hash: string;
  /** Its last four characters, which the list shows. */
  hint: string;
}

/**
 * A new token: the prefix and 256 random bits. Being random and that long, a fast hash is as
 * safe to store as a slow one would be (nothing can be guessed), and checking it on every request
 * costs a microsecond instead of an argon2 computation.
 */
export function newTokenSecret(): TokenSecret {
  const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret), hint: secret.slice(-4) };
}

/** The hash a presented secret is looked up by. */
export const tokenHashOf = (secret: string): string => hashToken(secret);
