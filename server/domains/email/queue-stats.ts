import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { queueProgress, type EmailQueueStats } from '../../../shared/ops/email';
import type { Db, Trx } from '../../db/schema';
import { publishOps } from '../../realtime/ops-channel';

/** The queue's counts as triggers keep them in `email_queue_stats`, with their version. */
export async function readQueueStats(executor: Db | Trx): Promise<EmailQueueStats> {
  const row = await executor
    .selectFrom('email_queue_stats')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const counts = {
    pending: row.pending,
    processing: row.processing,
    sent: row.sent,
    failed: row.failed,
  };
  return {
    ...counts,
    total: counts.pending + counts.processing + counts.sent + counts.failed,
    progress: queueProgress(counts),
    version: Number(row.version),
  };
}

/**
 * Pushes the counts to every operator when `trx` commits. Called after the transaction changed
 * the queue: the triggers then hold the stats row's lock until commit, so what is read here is
 * exactly what this commit leaves, and versions reach clients in commit order.
 */
export async function publishQueueStats(trx: Trx): Promise<void> {
  await publishOps(trx, OPS_EVENTS.queue, await readQueueStats(trx));
}
