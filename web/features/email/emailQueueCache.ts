import type { EmailQueueStats, EmailQueueView } from '../../../shared/ops/email';

/**
 * Applies a pushed `queue` state to the cached view when it is newer: a duplicate or late push
 * carries a version the view already passed and changes nothing.
 */
export function applyQueuePush(view: EmailQueueView, stats: EmailQueueStats): boolean {
  if (stats.version <= view.version) return false;
  Object.assign(view, stats);
  return true;
}
