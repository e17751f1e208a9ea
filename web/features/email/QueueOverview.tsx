import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { EmailQueueStats } from '../../../shared/ops/email';

const COUNTS = [
  { key: 'pending', label: 'Pending', tone: 'text-amber-600' },
  { key: 'processing', label: 'Processing', tone: 'text-sky-600' },
  { key: 'sent', label: 'Sent', tone: 'text-emerald-600' },
  { key: 'failed', label: 'Failed', tone: 'text-destructive' },
] as const;

/** Whole percent for the label; the bar itself uses the exact value. */
export function formatProgress(progress: number): string {
  return `${Math.round(progress)}%`;
}

export function QueueCounts({ stats }: { stats: EmailQueueStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {COUNTS.map(({ key, label, tone }) => (
        <Card key={key} data-testid={`email-count-${key}`}>
          <CardHeader className="pb-1">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className={`text-2xl font-semibold tabular-nums ${tone}`}>{stats[key]}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function QueueProgress({ stats }: { stats: EmailQueueStats }) {
  const label = formatProgress(stats.progress);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span id="email-progress-label" className="font-medium">
          Queue progress
        </span>
        <span className="text-muted-foreground tabular-nums">
          {label} ({stats.sent + stats.failed} of {stats.total} done)
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="email-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(stats.progress)}
        aria-valuetext={label}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${stats.progress}%` }}
        />
      </div>
    </div>
  );
}
