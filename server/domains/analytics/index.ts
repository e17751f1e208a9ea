import type { DomainModule } from '../../core/module';
import { analyticsProjection } from './analytics-projection';
import { analyticsRoutes } from './routes';

/**
 * `/analytics` (001 §2 Analytics): daily rollups of views, engagement, follows and active
 * members kept from the events, and the report over a range read from them and the ads' counts.
 */
export const analyticsModule: DomainModule = {
  name: 'analytics',
  projections: () => [analyticsProjection],
  routes: analyticsRoutes,
};
