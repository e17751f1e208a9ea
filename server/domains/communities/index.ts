import type { DomainModule } from '../../core/module';
import { communitiesProjection } from './communities-projection';
import { createCommunitiesPusher } from './communities-pusher';
import { createCommunityWatchFeature } from './communities-socket-feature';
import { communityMeanings } from './community-notifications';
import { communitiesRoutes } from './routes';

/**
 * Communities (001 §2 Community Hub, Create Community): create one with its images, join (at once,
 * on approval, or by invitation by privacy), leave, manage members and roles, invite; the hub's
 * counts live in its room, where the domains writing inside a community push as well.
 */
export const communitiesModule: DomainModule = {
  name: 'communities',
  meanings: communityMeanings,
  projections: () => [communitiesProjection],
  routes: communitiesRoutes,
  pushers: () => [createCommunitiesPusher()],
  socketFeatures: (deps) => [createCommunityWatchFeature(deps)],
};
