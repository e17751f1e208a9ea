import type { ApiTokenScope } from '../../shared/api-tokens/scopes';
import type { Role } from '../../shared/auth/schemas';

/**
 * How a request or socket proved who it is: the session cookie of a signed-in browser, or a
 * member's personal access token (`Authorization: Bearer`, or the socket handshake's
 * `auth.token`), which may do only what its scopes allow.
 */
export type Credential = { kind: 'cookie' } | { kind: 'token'; scopes: readonly ApiTokenScope[] };

/**
 * The signed-in member a request or socket acts for. The auth domain finds it from the session
 * cookie; the HTTP layer and the socket gateway only carry it.
 */
export interface ActiveSession {
  /** The session's id, or the token's for a request made with an API token. */
  id: string;
  credential: Credential;
  userId: string;
  rememberMe: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  /** Null for an API token that never expires. */
  expiresAt: Date | null;
  /**
   * An owner asked for a new password, or it is older than the maximum age: until it changes,
   * member routes refuse everything but the change itself.
   */
  passwordRotationRequired: boolean;
  user: {
    id: string;
    username: string;
    email: string;
    display_name: string;
    avatar: string | null;
    email_verified: boolean;
    role: Role;
    status: 'active' | 'disabled';
    /** Whether the member finished onboarding: the web guard sends a finished member on. */
    onboarding_complete: boolean;
  };
}

/** Finds the live session a request's or socket's cookie header names, or null. */
export type SessionFinder = (cookieHeader: string | undefined) => Promise<ActiveSession | null>;

/**
 * Finds the member an API token's secret acts for, presented by `client` (its address, which
 * failed attempts are counted against). A token that cannot be used (unknown, revoked, expired,
 * or its member suspended, disabled or due a new password) is refused with an `unauthenticated`
 * DomainError whose code says why; a client past its failures with `limit-exceeded`.
 */
export type TokenFinder = (secret: string, client: string) => Promise<ActiveSession>;

declare module 'express-serve-static-core' {
  interface Request {
    session?: ActiveSession;
  }
}
