import { useId } from 'react';
import { formatBytes } from '../../../shared/format';
import { cn } from '../../lib/cn';
import { useGetStorageUsageQuery } from './mediaApi';

/** Beyond this share of the quota the bar warns: the next large upload may not fit. */
const NEARLY_FULL = 0.9;

/** The member's storage: bytes used of the quota, and how many files. */
export function StorageUsageBar() {
  const { data } = useGetStorageUsageQuery();
  const labelId = useId();
  if (!data) return null;
  const share = data.quota > 0 ? Math.min(1, data.used / data.quota) : 1;
  const percent = Math.round(share * 100);
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium" id={labelId}>
          Storage used
        </span>
        <span className="text-muted-foreground" data-testid="storage-usage">
          {formatBytes(data.used)} of {formatBytes(data.quota)} · {data.files}{' '}
          {data.files === 1 ? 'file' : 'files'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of your storage used`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            share >= NEARLY_FULL ? 'bg-destructive' : 'bg-primary',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
