import { formatDuration, formatRate } from './transferRate';
import type { RowProgress, UploadRow } from './uploadQueue';
import type { FileLike } from './validateFiles';

/** '42% · 1.5 MB/s · 8 s left', with the parts not yet known left out. */
export function progressText({ percent, rate, secondsLeft }: RowProgress): string {
  const parts = [`${percent}%`];
  if (rate !== null) parts.push(formatRate(rate));
  if (secondsLeft !== null) parts.push(`${formatDuration(secondsLeft)} left`);
  return parts.join(' · ');
}

export function statusText(row: UploadRow<FileLike>, progress: RowProgress): string {
  switch (row.status) {
    case 'pending':
      return 'Ready to upload';
    case 'queued':
      return 'Waiting…';
    case 'uploading':
      // Every byte is out, the server is still storing and checking it: a frozen speed would lie.
      return progress.percent >= 100 ? '100% · Processing…' : progressText(progress);
    case 'done':
      return 'Uploaded';
    case 'failed':
      return `Failed: ${row.error ?? 'unknown error'}`;
  }
}
