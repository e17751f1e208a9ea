import type { Role } from '../../shared/auth/schemas';

/**
 * The signed-in member a request or socket acts for. The auth domain finds it from the session
 * cookie; the HTTP layer and the socket gateway only carry it.
 */
export interface ActiveSession {
  id: string;
  userId: string;
  rememberMe: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  expiresAt: Date;
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

declare module 'express-serve-static-core' {
  interface Request {
    session?: ActiveSession;
  }
}
