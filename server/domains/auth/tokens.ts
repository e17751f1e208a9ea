import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session cookies and reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a read of the database cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
