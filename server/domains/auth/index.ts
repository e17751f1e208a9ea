import type { DomainModule } from '../../core/module';
import { createAbuseLimitsPruner } from './abuse-limits-pruner';
import { ensureSecretBoxKey } from './secret-box';
import type { ModuleDeps } from '../../core/module';
import { SessionCache } from './session-cache';
import { readSessionToken } from './session-cookie';
import { presentSession } from './session-presenter';
import { sessionPusher } from './session-pusher';
import { findActiveSession } from './sessions';
import { authRoutes } from './routes';
import { securityProjection } from './security-projection';
import { usersProjection } from './users-projection';

const sessionCaches = new WeakMap<ModuleDeps, SessionCache>();

/** One cache per composed application: the relay and the finder receive the same deps. */
function sessionCache(deps: ModuleDeps): SessionCache {
  const known = sessionCaches.get(deps);
  if (known) return known;
  const cache = new SessionCache(deps.config.RELAYED_CACHE_ENTRIES);
  sessionCaches.set(deps, cache);
  return cache;
}

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
  caches: (deps) => [sessionCache(deps)],
  workers: (deps) => [createAbuseLimitsPruner(deps)],
  start: ({ db }) => ensureSecretBoxKey(db),
  sessions:
    ({ db, config }) =>
    async (cookieHeader) => {
      const token = readSessionToken(cookieHeader);
      return token ? findActiveSession(db, token, config.PASSWORD_MAX_AGE_DAYS) : null;
    },
  sessionSummary: () => presentSession,
  cachedSessions: (deps) =>
    sessionCache(deps).finder((token) =>
      findActiveSession(deps.db, token, deps.config.PASSWORD_MAX_AGE_DAYS),
    ),
};
