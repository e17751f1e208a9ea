import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { postViews } from './views';

/** Writes the post views this process counted every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createPostViewsWorker(deps: RuntimeDeps): BackgroundWorker {
  const counter = postViews(deps);
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    counter.flush().catch((err: unknown) => {
      deps.logger.warn({ err }, 'writing post views failed; they wait for the next flush');
    });
  return {
    name: 'post-views',
    async start() {
      timer = setInterval(flush, deps.config.POST_VIEWS_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
