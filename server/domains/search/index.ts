import type { DomainModule } from '../../core/module';
import { searchRoutes } from './routes';

/**
 * The search box: suggestions grouped by kind and a results tab per kind. It writes nothing; it
 * reads the people ranking, the posts' search documents, the communities and the hashtags, each
 * through its own domain's visibility rules.
 */
export const searchModule: DomainModule = {
  name: 'search',
  routes: searchRoutes,
};
