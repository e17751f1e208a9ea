import { BACKUP_THRESHOLDS_MS, type RestoreJob } from '../../../shared/ops/backups';

export { formatBytes } from '../../../shared/format';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** US short date with hour and minute (spec §9). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export type DurationRating = 'excellent' | 'good' | 'slow';

/** Spec §9: under 5 s excellent, under 10 s good. */
export function rateDuration(ms: number): DurationRating {
  if (ms < BACKUP_THRESHOLDS_MS.excellent) return 'excellent';
  if (ms < BACKUP_THRESHOLDS_MS.good) return 'good';
  return 'slow';
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * What a completed restore did. `restoredEvents` counts the events it wrote into the log; a
 * restore that keeps existing data writes only the missing ones, so 0 means the log already held
 * the whole backup, not that the restore lost anything.
 */
export function restoreOutcome(job: Pick<RestoreJob, 'restoredEvents' | 'overwrite'>): string {
  const count = job.restoredEvents;
  const events = `${count.toLocaleString('en-US')} ${count === 1 ? 'event' : 'events'}`;
  if (job.overwrite) return `${events} restored from the backup over the existing data`;
  if (count === 0) return 'Nothing to restore: the log already held every event in the backup';
  return `${events} restored that were missing from the log`;
}
