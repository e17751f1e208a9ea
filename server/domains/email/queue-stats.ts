import { queueProgress, type EmailQueueStats } from '../../../shared/ops/email';
import type { Db, Trx } from '../../db/schema';

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
