import type { DomainModule } from '../../core/module';
import { createPresenceFeature } from './presence-feature';
import { createPresenceSweeper } from './presence-sweeper';

/** Who is online, away or offline: operational state kept per socket, never history. */
export const presenceModule: DomainModule = {
  name: 'presence',
  socketFeatures: (deps) => [createPresenceFeature(deps)],
  workers: (deps) => [
    createPresenceSweeper({
      db: deps.db,
      logger: deps.logger,
      intervalMs: deps.config.PRESENCE_SWEEP_MS,
    }),
  ],
};
