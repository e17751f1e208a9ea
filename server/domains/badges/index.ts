import type { DomainModule } from '../../core/module';
import { badgesProjection } from './badges-projection';
import { badgesPusher } from './badges-pusher';
import { badgesRoutes } from './routes';

/**
 * The top menu's counts, live. Badges own no rule of their own: every domain declares which of
 * its events touch which members' counts and how each counter is counted; this module keeps the
 * counts and pushes them. Listed last among the modules, so it counts what the others projected.
 */
export const badgesModule: DomainModule = {
  name: 'badges',
  meanings: {
    events: {
      TestCounterAdjusted: {
        badges: ({ userId, counter, delta }) => ({
          increment: { counter, by: delta, members: { ids: [userId] } },
        }),
      },
    },
  },
  projections: (meanings) => [badgesProjection(meanings)],
  routes: badgesRoutes,
  pushers: ({ meanings }) => [badgesPusher(meanings)],
};
