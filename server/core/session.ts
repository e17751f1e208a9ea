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
