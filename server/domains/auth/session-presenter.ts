import type { SignedInSession } from '../../../shared/auth/schemas';
import type { ActiveSession } from './sessions';

/** The session summary of spec 002 §3, for REST and anywhere else it is sent. */
export function presentSession(session: ActiveSession): SignedInSession {
  return {
    isAuthenticated: true,
    id: session.user.id,
    email: session.user.email,
    username: session.user.username,
    displayName: session.user.display_name,
    avatar: session.user.avatar,
    emailVerified: session.user.email_verified,
    providerId: 'password',
    lastActivity: session.lastActivityAt.toISOString(),
    sessionStart: session.createdAt.toISOString(),
    rememberMe: session.rememberMe,
    role: session.user.role,
    onboardingComplete: session.user.onboarding_complete,
    passwordRotationRequired: session.passwordRotationRequired,
  };
}
