import type { DomainModule } from '../../core/module';
import { contentProjection } from './content-projection';
import { contentRoutes } from './routes';

/**
 * The content API (002 §7 "Content"): the posts of the posts domain under a second face, with
 * a type, metadata, comment and share audiences and named members, full-text search, batches,
 * migration between members, and export and import. One read model, `posts`.
 */
export const contentModule: DomainModule = {
  name: 'content',
  // Runs after the posts projection (the row exists) and before profile stats (which count it).
  projections: () => [contentProjection],
  routes: contentRoutes,
};
