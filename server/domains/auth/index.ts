import type { DomainModule } from '../../core/module';
import { createAbuseLimitsPruner } from './abuse-limits-pruner';
import { readSessionToken } from './session-cookie';
import { sessionPusher } from './session-pusher';
import { findActiveSession } from './sessions';
import { authRoutes } from './routes';
import { usersProjection } from './users-projection';

/**
 * Accounts: sign-up, sign-in with remember me, password reset, email verification, roles, and
 * the sessions every request and socket is authenticated by; the limits on abuse of them.
 */
export const authModule: DomainModule = {
  name: 'auth',
  meanings: {
    events: {
      UserRegistered: { joins: ({ userId }) => userId },
    },
  },
  projections: () => [usersProjection],
  routes: authRoutes,
  pushers: () => [sessionPusher],
  workers: (deps) => [createAbuseLimitsPruner(deps)],
  sessions:
    ({ db }) =>
    async (cookieHeader) => {
      const token = readSessionToken(cookieHeader);
      return token ? findActiveSession(db, token) : null;
    },
};
