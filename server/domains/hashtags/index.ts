import type { DomainModule } from '../../core/module';
import { hashtagsProjection } from './hashtags-projection';
import { hashtagRoutes } from './routes';
import { createTagFollowsPusher, createTagPostsPusher } from './tag-posts-pusher';
import { createTagWatchFeature } from './tag-watch-feature';

/**
 * Hashtags (`#word` in a post's content, shared/hashtags/parse.ts): each tag's page of the posts
 * the viewer may see, live; trending tags; following a tag, which brings its public posts into
 * the follower's home feed (merged with the home timeline when the feed is read).
 */
export const hashtagsModule: DomainModule = {
  name: 'hashtags',
  projections: () => [hashtagsProjection],
  routes: hashtagRoutes,
  pushers: () => [createTagPostsPusher(), createTagFollowsPusher()],
  socketFeatures: (deps) => [createTagWatchFeature(deps)],
};
