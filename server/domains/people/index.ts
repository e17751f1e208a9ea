import type { DomainModule } from '../../core/module';
import { privacyProjection } from './privacy-command';
import { peopleRoutes } from './routes';

/** Finding members (ranked search, exact email) and their profile privacy. */
export const peopleModule: DomainModule = {
  name: 'people',
  meanings: {
    events: {
      ProfilePrivacyChanged: { memberChanged: ({ userId }) => userId },
    },
  },
  projections: () => [privacyProjection],
  routes: peopleRoutes,
};
