import type { DomainModule } from '../../core/module';
import { progressProjection } from './progress-projection';
import { progressPusher } from './progress-pusher';
import { onboardingRoutes } from './routes';

/** The onboarding wizard: each member's personalized steps and their progress, live in every tab. */
export const onboardingModule: DomainModule = {
  name: 'onboarding',
  projections: () => [progressProjection],
  routes: onboardingRoutes,
  pushers: () => [progressPusher],
};
