import type { Logger } from 'pino';
import type { Db } from '../../db/schema';
import type { BackgroundWorker } from '../../core/worker';
import { pruneLogEntries } from './log-store';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Deletes log entries older than the retention, at start and then every hour. */
export function createLogRetentionWorker(deps: {
  db: Db;
  logger: Logger;
  retentionDays: number;
  intervalMs?: number;
}): BackgroundWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const prune = () => {
    running ??= pruneLogEntries(deps.db, deps.retentionDays)
      .then((deleted) => {
        if (deleted > 0) deps.logger.info({ deleted }, 'old log entries pruned');
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'log retention failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    name: 'log-retention',
    async start() {
      void prune();
      timer = setInterval(() => void prune(), deps.intervalMs ?? PRUNE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
