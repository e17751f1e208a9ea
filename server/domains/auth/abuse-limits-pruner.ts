import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/worker';
import { pruneRateLimits } from '../../core/rate-limits';
import type { Db } from '../../db/schema';
import { pruneSignInThrottle } from './sign-in-throttle';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes the counts of the abuse limits that no longer count: the sign-in throttle's, and those
 * of the `rate_limits` table every domain's limits share (one worker prunes it for all of them,
 * here beside the sign-in limits). Every process runs it; the deletes do not mind running twice.
 */
export function createAbuseLimitsPruner(deps: { db: Db; logger: Logger }): BackgroundWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const prune = () => {
    running ??= Promise.all([pruneSignInThrottle(deps.db), pruneRateLimits(deps.db)])
      .then(([throttle, limits]) => {
        if (throttle + limits > 0) deps.logger.debug({ throttle, limits }, 'abuse limits pruned');
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'pruning abuse limits failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    name: 'abuse-limits-pruner',
    async start() {
      timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
