import type { DomainModule } from '../../core/module';
import { repostMeanings } from './repost-notifications';
import { repostsProjection } from './reposts-projection';
import { createRepostsPusher } from './reposts-pusher';
import { repostRoutes } from './routes';

/**
 * Reposts and quotes: a repost puts someone's post into the reposter's followers' and friends'
 * home feeds ("Ana reposted"), a quote is a new post embedding it. Both count on the original
 * (pushed with its other counts) and tell its author; a repost reaches open home feeds live
 * as a new post does. Every read and push asks the relations policy whether the reader may see
 * the original.
 */
export const repostsModule: DomainModule = {
  name: 'reposts',
  meanings: repostMeanings,
  projections: () => [repostsProjection],
  routes: repostRoutes,
  pushers: () => [createRepostsPusher()],
};
