import type { DomainModule } from '../../core/module';
import { createLogRetentionWorker } from './log-retention';
import { logsRoutes } from './routes';

/**
 * The log viewer: server lines captured in batches (see LogCapture, attached by the entry point),
 * browser lines posted by members, filtered reads and exports, and retention.
 */
export const logsModule: DomainModule = {
  name: 'logs',
  routes: logsRoutes,
  workers: (deps) => [
    createLogRetentionWorker({ ...deps, retentionDays: deps.config.LOG_RETENTION_DAYS }),
  ],
};
