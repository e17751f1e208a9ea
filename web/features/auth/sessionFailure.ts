import { authErrorMessages } from '../../../shared/auth/messages';

export interface SessionFailureText {
  title: string;
  message: string;
}

const UNREACHABLE: SessionFailureText = {
  title: 'Agora is not reachable',
  message: 'Check your connection and try again.',
};

/** The browser knows it has no network: the app came from the service worker's cache. */
export const OFFLINE: SessionFailureText = {
  title: 'You are offline',
  message: 'Agora will load again as soon as your connection is back.',
};

const AUTH_ERROR: SessionFailureText = {
  title: authErrorMessages['auth-error'],
  message: 'Your session could not be read. Try again, or sign in again if it keeps happening.',
};

/** A gateway's answer while the app behind it is away: as good as no answer. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * What the page says when the session could not be loaded (a failure of RTK Query's session
 * query): the network when no answer came or a gateway stood in for the app, which trying again
 * may cure; 'Authentication error occurred' (002 §8) for any other reason, an error answer or
 * one that is not a session. No answer while the browser says it is offline is said so plainly.
 */
export function sessionFailureOf(
  failure: unknown,
  online: boolean = globalThis.navigator?.onLine !== false,
): SessionFailureText {
  if (typeof failure !== 'object' || failure === null || !('status' in failure)) return AUTH_ERROR;
  const { status } = failure;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return online ? UNREACHABLE : OFFLINE;
  if (typeof status === 'number' && GATEWAY_STATUSES.has(status)) return UNREACHABLE;
  return AUTH_ERROR;
}
