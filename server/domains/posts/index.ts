import type { DomainModule } from '../../core/module';
import { postsProjection } from './posts-projection';
import { postsRoutes } from './routes';

/**
 * Posts (drafts, published, private), the home feed, likes, comments to depth 3, saves and
 * shares; who sees a post is the relations policy's `postVisible`, on every read.
 */
export const postsModule: DomainModule = {
  name: 'posts',
  projections: () => [postsProjection],
  routes: postsRoutes,
};
