import { RefreshCw } from 'lucide-react';
import type { CdnHealth } from '../../../shared/media';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useGetCdnHealthQuery } from './mediaApi';

/** How often the badge asks again while the tab is open, as the spec's dashboards refresh. */
const HEALTH_POLL_MS = 30_000;

const TONE: Record<CdnHealth['status'], string> = {
  healthy: 'border-success/30 bg-success/10 text-success',
  degraded: 'border-warning/40 bg-warning/15 text-warning',
  down: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/** CDN health (002 §4): healthy, degraded or down, from the server's real checks. */
export function CdnHealthPanel() {
  const { data, isError, isFetching, refetch } = useGetCdnHealthQuery(undefined, {
    pollingInterval: HEALTH_POLL_MS,
  });
  // A server that does not answer is, for the member, a CDN that is down.
  const status = data?.status ?? (isError ? 'down' : null);

  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-semibold">CDN health</h3>
        {status ? (
          <span
            data-testid="cdn-health"
            className={cn('rounded-full border px-2.5 py-0.5 text-xs font-semibold', TONE[status])}
          >
            {status}
          </span>
        ) : (
          <Spinner />
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          <RefreshCw aria-hidden className={cn(isFetching && 'animate-spin')} />
          Check again
        </Button>
      </div>
      {data && (
        <>
          <p className="text-xs text-muted-foreground">
            {data.storage === 's3' ? 'Object storage' : 'Disk storage'}, served from{' '}
            <code className="break-all">{data.baseUrl}</code>; checked{' '}
            {new Date(data.checkedAt).toLocaleTimeString('en-US')}
          </p>
          <ul className="grid gap-1 text-sm" aria-label="Checks">
            {data.checks.map((check) => (
              <li key={check.name} className="flex items-center gap-2">
                <span
                  aria-hidden
                  className={cn('size-2 rounded-full', check.ok ? 'bg-success' : 'bg-destructive')}
                />
                <span>{check.name}</span>
                <span className="text-muted-foreground">
                  {check.ok ? 'ok' : 'failed'} · {Math.round(check.ms)} ms
                  {check.detail && ` · ${check.detail}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
