import { SECURITY_SOCKET_EVENTS } from '../../../shared/auth/live';
import { sessionRechecked } from '../auth';
import type { LiveFeature } from '../connection';

/**
 * An owner required a new password: the session summary now says so, and the guard sends the
 * member to `/password-rotation` from every tab.
 */
export const securityLive: LiveFeature = {
  name: 'security',
  handlers: {
    [SECURITY_SOCKET_EVENTS.sessionChanged]: (_payload, dispatch) => dispatch(sessionRechecked()),
  },
};
