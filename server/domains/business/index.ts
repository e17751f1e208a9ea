import type { DomainModule } from '../../core/module';
import { businessAccountsProjection } from './business-projection';
import { businessRoutes } from './routes';

/** A member's business account: its details, contact, hours and services, export and report. */
export const businessModule: DomainModule = {
  name: 'business',
  projections: () => [businessAccountsProjection],
  routes: businessRoutes,
};
