import { BACKUP_THRESHOLDS_MS } from '../../../shared/ops/backups';

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
