import type { DomainModule } from '../../core/module';
import { createBackupWorker } from './backup-worker';
import { backupsProjection } from './backups-projection';
import { backupRoutes, backupTestRoutes } from './routes';

/**
 * Backup and recovery of the event log: full, incremental and differential backups written by a
 * worker, scheduled, with retention, and restores that rebuild every read model.
 */
export const backupModule: DomainModule = {
  name: 'backup',
  projections: () => [backupsProjection],
  routes: (deps) => [...backupRoutes(deps), ...backupTestRoutes(deps)],
  workers: (deps) => [createBackupWorker(deps)],
};
