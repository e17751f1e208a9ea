import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonitoringEvent, MonitoringSummary } from '../../../shared/ops/monitoring';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { axisLabel, formatDateTime } from './format';

const severityTone: Record<MonitoringEvent['severity'], string> = {
  critical: 'bg-destructive text-white',
  high: 'bg-destructive/15 text-destructive',
  medium: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  low: 'bg-sky-500/15 text-sky-700 dark:text-sky-400',
  info: 'bg-muted text-muted-foreground',
};

export function SeverityBadge({ severity }: { severity: MonitoringEvent['severity'] }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', severityTone[severity])}>
      {severity}
    </span>
  );
}

function EventCountsChart({ summary }: { summary: MonitoringSummary | undefined }) {
  if (!summary || summary.eventCounts.length === 0) return null;
  const data = summary.eventCounts.map((p) => ({
    ...p,
    label: axisLabel(p.start, summary.bucketMs),
  }));
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-sm font-medium">Events over time</h3>
      <div className="h-48" role="img" aria-label="Events over time by kind">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="label" fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} width={32} />
            <Tooltip />
            <Bar dataKey="errors" name="Errors" stackId="a" fill="#ef4444" />
            <Bar dataKey="warnings" name="Warnings" stackId="a" fill="#f59e0b" />
            <Bar dataKey="other" name="Other" stackId="a" fill="#64748b" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export function EventsPanel(props: {
  events: MonitoringEvent[] | undefined;
  summary: MonitoringSummary | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { events } = props;
  return (
    <div className="flex flex-col gap-4">
      <EventCountsChart summary={props.summary} />
      {props.isLoading ? (
        <LoadingState label="Loading events…" />
      ) : props.isError ? (
        <ErrorState title="Events could not be loaded" onRetry={props.onRetry} />
      ) : !events || events.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No events in this range.</p>
      ) : (
        <ul aria-label="Monitoring events" className="flex flex-col gap-2">
          {events.map((event) => (
            <li key={event.id}>
              <Card className="flex flex-col gap-1 p-3" data-testid="monitoring-event">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <SeverityBadge severity={event.severity} />
                  <span className="font-medium text-foreground">{event.type}</span>
                  <span>{event.source}</span>
                  {event.metadata.component && <span>{event.metadata.component}</span>}
                  <time dateTime={event.timestamp} className="ml-auto">
                    {formatDateTime(event.timestamp)}
                  </time>
                </div>
                <p className="text-sm break-words">{event.message}</p>
                {event.context.url && (
                  <p className="truncate text-xs text-muted-foreground">{event.context.url}</p>
                )}
                {event.stackTrace && (
                  <details className="text-xs">
                    <summary className="cursor-pointer text-muted-foreground">Stack trace</summary>
                    <pre className="mt-1 overflow-x-auto whitespace-pre-wrap">
                      {event.stackTrace}
                    </pre>
                  </details>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
