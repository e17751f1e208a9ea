/**
 * Route access decisions (spec 000 §2), kept free of React so they can be tested alone.
 */

export type SessionStatus = 'loading' | 'error' | 'signed-in' | 'signed-out';

/** `authenticated`: members only; `visitor`: only people who are not signed in. */
export type RouteAccess = 'authenticated' | 'visitor';

/**
 * Where to go once the session reaches a given state. Set together with a sign-in, sign-up or
 * sign-out, it lets the page that caused the change choose the destination instead of the guard's
 * default (a fresh member goes to /onboarding, a member who logged out goes to plain /login).
 */
export interface PendingRedirect {
  to: string;
  when: 'signed-in' | 'signed-out';
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string; from?: string };

export interface GuardInput {
  access: RouteAccess;
  session: SessionStatus;
  /** The server's AUTH_GUARD setting; `undefined` while it is still loading. */
  authGuard: boolean | undefined;
  /** The requested location: path, query and hash. */
  location: string;
  pending: PendingRedirect | null;
  /** The signed-in member must choose a new password before anything else. */
  passwordRotationRequired?: boolean;
}

export const LOGIN_PATH = '/login';
export const CREATE_ACCOUNT_PATH = '/create-account';
export const HOME_PATH = '/';
export const PASSWORD_ROTATION_PATH = '/password-rotation';

const visitorPaths = new Set([LOGIN_PATH, CREATE_ACCOUNT_PATH]);

function pathOf(location: string): string {
  return location.split(/[?#]/, 1)[0] ?? location;
}

function pendingTarget(
  session: SessionStatus,
  location: string,
  pending: PendingRedirect | null,
): string | null {
  if (!pending || pending.when !== session) return null;
  return pathOf(pending.to) === pathOf(location) ? null : pending.to;
}

export function decideGuard({
  access,
  session,
  authGuard,
  location,
  pending,
  passwordRotationRequired = false,
}: GuardInput): GuardDecision {
  if (session === 'loading' || authGuard === undefined) return { kind: 'loading' };
  if (session === 'error') return { kind: 'error' };
  const target = pendingTarget(session, location, pending);
  if (target) return { kind: 'redirect', to: target };
  // Not relaxed by AUTH_GUARD: the server refuses such a member everything else anyway.
  if (
    session === 'signed-in' &&
    passwordRotationRequired &&
    pathOf(location) !== PASSWORD_ROTATION_PATH
  ) {
    return { kind: 'redirect', to: PASSWORD_ROTATION_PATH };
  }
  if (!authGuard) return { kind: 'render' };
  if (access === 'authenticated' && session === 'signed-out') {
    return { kind: 'redirect', to: LOGIN_PATH, from: location };
  }
  if (access === 'visitor' && session === 'signed-in') return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'render' };
}

export type RootDecision =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'home' }
  | { kind: 'create-account' }
  | { kind: 'redirect'; to: string };

/**
 * `/` is the home feed for a member and the Create Account card for a visitor; a member who must
 * choose a new password goes to do that first.
 */
export function decideRoot(
  session: SessionStatus,
  pending: PendingRedirect | null,
  passwordRotationRequired = false,
): RootDecision {
  if (session === 'loading') return { kind: 'loading' };
  if (session === 'error') return { kind: 'error' };
  const target = pendingTarget(session, HOME_PATH, pending);
  if (target) return { kind: 'redirect', to: target };
  if (session === 'signed-in' && passwordRotationRequired) {
    return { kind: 'redirect', to: PASSWORD_ROTATION_PATH };
  }
  return session === 'signed-in' ? { kind: 'home' } : { kind: 'create-account' };
}

/**
 * The path a member returns to after signing in, taken from navigation state. Only same-origin
 * paths are accepted (never `//host` or a full URL), and never a sign-in page itself.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return HOME_PATH;
  if (from.includes('\\') || visitorPaths.has(pathOf(from))) return HOME_PATH;
  return from;
}
