import type { DomainModule } from '../../core/module';
import { organizationsProjection } from './organizations-projection';
import { organizationsRoutes } from './routes';

/** Organizations members create: their details and images, owned by the creator. */
export const organizationsModule: DomainModule = {
  name: 'organizations',
  projections: () => [organizationsProjection],
  routes: organizationsRoutes,
};
