import { systemContext } from '../../core/context';
import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { cleanupTrash, DAY_MS, retentionCutoff } from './cleanup';

/** Batches one daily run purges at most; whatever is left waits for the next day. */
const ROUNDS_PER_RUN = 20;

/**
 * Empties everyone's trash of what is past `CONTENT_TRASH_RETENTION_DAYS`, once a day per
 * process. Two processes purging at once meet on the posts' stream versions: the loser reads
 * again and finds those posts gone.
 */
export function createTrashCleanupWorker(deps: RuntimeDeps): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const runOnce = async () => {
    for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
      const { hasMore } = await deps.commands.run(
        cleanupTrash,
        {
          actorId: null,
          userId: null,
          cutoff: retentionCutoff(new Date(), deps.config.CONTENT_TRASH_RETENTION_DAYS),
        },
        systemContext(),
      );
      if (!hasMore) return;
    }
  };
  const tick = () => {
    running = runOnce().catch((err: unknown) => {
      deps.logger.warn(
        { err, worker: 'trash-cleanup' },
        'emptying the trash failed; next run tomorrow',
      );
    });
  };
  return {
    name: 'trash-cleanup',
    async start() {
      timer = setInterval(tick, DAY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
