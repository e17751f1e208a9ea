import type { RuntimeDeps } from '../../core/module';
import { createViewBatcherWorker } from '../../core/view-batcher';
import type { BackgroundWorker } from '../../core/worker';
import { postViews } from './views';

/** Writes the post views this process counted every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createPostViewsWorker(deps: RuntimeDeps): BackgroundWorker {
  return createViewBatcherWorker(deps, 'post-views', postViews(deps));
}
