import { RotateCcw, Trash2 } from 'lucide-react';
import type { Backup } from '../../../shared/ops/backups';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatBytes, formatDate, formatDuration, rateDuration } from './backupFormat';
import { ProgressBar } from './ProgressBar';

const ratingClass = {
  excellent: 'text-success',
  good: 'text-amber-600',
  slow: 'text-destructive',
} as const;

interface Props {
  backups: Backup[];
  onRestore: (backup: Backup) => void;
  onDelete: (backup: Backup) => void;
}

export function BackupList({ backups, onRestore, onDelete }: Props) {
  if (backups.length === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">No backups yet.</p>;
  }
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label="Backups">
      {backups.map((backup) => {
        const running = backup.status === 'running' || backup.status === 'pending';
        return (
          <li
            key={backup.id}
            className="grid gap-2 p-4"
            data-testid="backup-row"
            data-backup-id={backup.id}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="grid gap-0.5">
                <span className="font-medium capitalize">{backup.type} backup</span>
                <span className="text-xs text-muted-foreground">
                  {formatDate(backup.startTime)} · {backup.id}
                </span>
              </div>
              <div className="flex items-center gap-4 text-sm">
                <span data-testid="backup-status" className="capitalize">
                  {backup.status}
                </span>
                <span>{formatBytes(backup.size)}</span>
                {backup.duration !== null && (
                  <span className={cn(ratingClass[rateDuration(backup.duration)])}>
                    {formatDuration(backup.duration)} ({rateDuration(backup.duration)})
                  </span>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={backup.status !== 'completed'}
                  onClick={() => onRestore(backup)}
                  aria-label={`Restore the ${backup.type} backup from ${formatDate(backup.startTime)}`}
                >
                  <RotateCcw className="size-4" aria-hidden /> Restore
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={running}
                  onClick={() => onDelete(backup)}
                  aria-label={`Delete the ${backup.type} backup from ${formatDate(backup.startTime)}`}
                >
                  <Trash2 className="size-4" aria-hidden /> Delete
                </Button>
              </div>
            </div>
            {running && (
              <div className="grid gap-1">
                <ProgressBar
                  value={backup.progress?.percent ?? 0}
                  label={`Backup progress ${backup.id}`}
                />
                <span className="text-xs text-muted-foreground tabular-nums">
                  {backup.progress
                    ? `${backup.progress.eventsWritten.toLocaleString('en-US')} of ${backup.progress.totalEvents.toLocaleString('en-US')} events (${backup.progress.percent}%)`
                    : 'Starting…'}
                </span>
              </div>
            )}
            {backup.error && <span className="text-sm text-destructive">{backup.error}</span>}
            {backup.status === 'completed' && (
              <span className="text-xs text-muted-foreground">
                {backup.metadata.totalDocuments.toLocaleString('en-US')} events · compression{' '}
                {backup.metadata.compressionRatio}× {backup.encrypted ? '· encrypted' : ''}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
