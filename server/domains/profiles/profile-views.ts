import { PROFILE_VIEW_WINDOW_MS } from '../../../shared/profiles';
import { systemContext } from '../../core/context';
import type { RuntimeDeps } from '../../core/module';
import { createViewBatcherWorker, processViewBatcher, ViewBatcher } from '../../core/view-batcher';
import type { BackgroundWorker } from '../../core/worker';
import { recordProfileViews } from './commands';

/**
 * Profile views, batched as post views are: a viewer counts once per member in
 * `PROFILE_VIEW_WINDOW_MS` in a process; the member's own views never reach it (the route's rule).
 */
export const profileViews = processViewBatcher(
  (commands) =>
    new ViewBatcher({
      windowMs: PROFILE_VIEW_WINDOW_MS,
      write: (counts) =>
        commands.run(
          recordProfileViews,
          { views: counts.map(({ id, count }) => ({ userId: id, count })) },
          systemContext(),
        ),
    }),
);

/** Writes the counted profile views every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createProfileViewsWorker(deps: RuntimeDeps): BackgroundWorker {
  return createViewBatcherWorker(deps, 'profile-views', profileViews(deps));
}
