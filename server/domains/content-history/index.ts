import type { DomainModule } from '../../core/module';
import { createContentMetricsWorker } from './analytics';
import { contentAnalyticsProjection } from './analytics-projection';
import { contentBackupsProjection } from './backups-projection';
import { createTrashCleanupWorker } from './cleanup-worker';
import { contentHistoryRoutes } from './routes';
import { postVersionsProjection } from './versions-projection';

/**
 * A content record's history (issue #14): versions of every edit and their restore, backups of
 * a record with its comments and their restore, the purge of the trash past retention, and
 * per-day analytics counted in batches.
 */
export const contentHistoryModule: DomainModule = {
  name: 'content-history',
  projections: () => [postVersionsProjection, contentBackupsProjection, contentAnalyticsProjection],
  routes: (deps) => contentHistoryRoutes(deps),
  workers: (deps) => [createContentMetricsWorker(deps), createTrashCleanupWorker(deps)],
};
