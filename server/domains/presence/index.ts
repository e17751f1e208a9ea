import type { DomainModule } from '../../core/module';
import { createPresenceFeature } from './presence-feature';

/** Who is online, away or offline: operational state kept per socket, never history. */
export const presenceModule: DomainModule = {
  name: 'presence',
  socketFeatures: (deps) => [createPresenceFeature(deps)],
};
