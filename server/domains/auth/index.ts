import type { DomainModule } from '../../core/module';
import { createAbuseLimitsPruner } from './abuse-limits-pruner';
import { ensureSecretBoxKey } from './secret-box';
import { readSessionToken } from './session-cookie';
import { sessionPusher } from './session-pusher';
import { findActiveSession } from './sessions';
import { authRoutes } from './routes';
import { securityProjection } from './security-projection';
import { usersProjection } from './users-projection';

/**
 * Accounts: sign-up, sign-in with remember me and two-factor codes, password reset, change and
 * rotation, email verification, roles, and the sessions every request and socket is
 * authenticated by; the limits on abuse of them.
 */
export const authModule: DomainModule = {
  name: 'auth',
  meanings: {
    events: {
      UserRegistered: { joins: ({ userId }) => userId },
    },
  },
  projections: () => [usersProjection, securityProjection],
  routes: authRoutes,
  pushers: () => [sessionPusher],
  workers: (deps) => [createAbuseLimitsPruner(deps)],
  start: ({ db }) => ensureSecretBoxKey(db),
  sessions:
    ({ db, config }) =>
    async (cookieHeader) => {
      const token = readSessionToken(cookieHeader);
      return token ? findActiveSession(db, token, config.PASSWORD_MAX_AGE_DAYS) : null;
    },
};
