import type { DomainModule } from '../../core/module';
import { mediaServices } from '../media/media-services';
import { likesReceivedProjection } from './likes-received';
import { createLikesReceivedPusher } from './likes-received-pusher';
import { likesReceivedRoutes } from './likes-received-routes';
import { createNewPostsPusher } from './new-posts-pusher';
import { postsFirstScreens } from './first-screens';
import { postMeanings } from './post-notifications';
import { useMediaUrls } from './post-media';
import { postsProjection } from './posts-projection';
import { postVisibilityCache } from './post-visibility-cache';
import { createPostsPusher } from './posts-pusher';
import { createSavesPusher } from './saves-pusher';
import { createPostWatchFeature } from './posts-socket-feature';
import { postsRoutes } from './routes';
import { createPostViewsWorker } from './views-worker';

/**
 * Posts (drafts, published, private), the home feed, likes, comments to depth 3, saves and
 * shares; who sees a post is the relations policy's `postVisible`, on every read and push.
 * Watched posts, friends' new posts, each author's Total Likes and each member's saves (to
 * their other tabs) are pushed live; likes, comments and shares notify the author.
 */
export const postsModule: DomainModule = {
  name: 'posts',
  meanings: postMeanings,
  // Total Likes counts the likes as the posts projection left them: it runs after.
  projections: () => [postsProjection, likesReceivedProjection],
  routes: (deps) => [...postsRoutes(deps), ...likesReceivedRoutes(deps)],
  pushers: (deps) => [
    createPostsPusher({
      countsWindowMs: deps.config.POST_COUNTS_PUSH_WINDOW_MS,
      logger: deps.logger,
      visibility: postVisibilityCache(deps),
    }),
    createNewPostsPusher(),
    createLikesReceivedPusher(),
    createSavesPusher(),
  ],
  caches: (deps) => [postVisibilityCache(deps)],
  socketFeatures: (deps) => [createPostWatchFeature(deps)],
  workers: (deps) => [createPostViewsWorker(deps)],
  firstScreens: postsFirstScreens,
  async start(deps) {
    useMediaUrls(mediaServices(deps).urls);
  },
};

export { homeTimelineModule } from './home-timeline-module';
