import type { DomainModule } from '../../core/module';
import { communityContentMeanings } from './content-notifications';
import { createCommunityContentPusher } from './content-pusher';
import { communityContentProjection } from './content-projection';
import { communityContentRoutes } from './routes';

/**
 * Discussions (replies, sticky and locked) and posts (pinned, announcements, likes) inside a
 * community. Who may read and write is the communities contract's policy; the counts the hub
 * shows are bumped in the communities domain's rows by this projection; changes are pushed to
 * the community's hub room; a reply notifies the discussion's author.
 */
export const communityContentModule: DomainModule = {
  name: 'community-content',
  meanings: communityContentMeanings,
  projections: () => [communityContentProjection],
  routes: (deps) => communityContentRoutes(deps),
  pushers: () => [createCommunityContentPusher()],
};
