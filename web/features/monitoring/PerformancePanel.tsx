import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatDuration,
  SERVER_METRICS,
  type MetricSeries,
  type MetricsResponse,
  type PerformanceMetric,
} from '../../../shared/ops/monitoring';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Card } from '../../components/ui/card';
import { axisLabel, formatDateTime } from './format';
import { TableScroll } from '../../components/ui/table-scroll';

const CHARTED: { name: string; title: string }[] = [
  { name: SERVER_METRICS.requestDuration, title: 'Response time (p95 per route)' },
  { name: SERVER_METRICS.eventLoopLag, title: 'Event-loop lag' },
  { name: SERVER_METRICS.relayLag, title: 'Relay lag' },
  { name: SERVER_METRICS.openSockets, title: 'Open sockets' },
];

export function formatMetricValue(value: number, unit: PerformanceMetric['unit']): string {
  switch (unit) {
    case 'ms':
      return formatDuration(value);
    case 's':
      return formatDuration(value * 1000);
    case 'bytes':
      return `${Math.round(value)} B`;
    case 'percentage':
      return `${value.toFixed(1)}%`;
    case 'count':
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}

function SeriesChart({
  title,
  series,
  bucketMs,
}: {
  title: string;
  series: MetricSeries;
  bucketMs: number;
}) {
  const data = series.points.map((p) => ({ ...p, label: axisLabel(p.start, bucketMs) }));
  const format = (v: number) => formatMetricValue(v, series.unit);
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <div className="h-44" role="img" aria-label={`${title} over time`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="label" fontSize={11} />
            <YAxis fontSize={11} width={56} tickFormatter={format} />
            <Tooltip formatter={(v) => format(Number(v))} />
            {/* A line needs points on both sides; a lone bucket shows as a dot. */}
            <Line
              type="monotone"
              dataKey="avg"
              name="Average"
              stroke="#3b82f6"
              dot={data.length < 3}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="max"
              name="Max"
              stroke="#ef4444"
              dot={data.length < 3}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export function PerformancePanel(props: {
  data: MetricsResponse | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (props.isLoading) return <LoadingState label="Loading metrics…" />;
  if (props.isError || !props.data) {
    return <ErrorState title="Metrics could not be loaded" onRetry={props.onRetry} />;
  }
  const { series, metrics, bucketMs } = props.data;
  const charts = CHARTED.flatMap(({ name, title }) => {
    const found = series.find((s) => s.name === name && s.points.length > 0);
    return found ? [{ title, series: found }] : [];
  });
  const others = series.filter(
    (s) => !CHARTED.some((c) => c.name === s.name) && s.points.length > 0,
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {[...charts, ...others.map((s) => ({ title: s.name, series: s }))].map((chart) => (
          <SeriesChart
            key={chart.series.name}
            title={chart.title}
            series={chart.series}
            bucketMs={bucketMs}
          />
        ))}
      </div>
      {metrics.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No metrics in this range.</p>
      ) : (
        <Card className="p-0">
          <TableScroll label="Latest performance metrics">
            <table className="w-full text-sm">
              <caption className="sr-only">Latest performance metrics</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 font-medium">Metric</th>
                  <th className="px-3 py-2 font-medium">Value</th>
                  <th className="px-3 py-2 font-medium">Tags</th>
                  <th className="px-3 py-2 font-medium">Time</th>
                </tr>
              </thead>
              <tbody>
                {metrics.map((metric) => (
                  <tr key={metric.id} className="border-t" data-testid="performance-metric">
                    <td className="px-3 py-2 font-medium">{metric.name}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {formatMetricValue(metric.value, metric.unit)}
                    </td>
                    <td className="max-w-xs truncate px-3 py-2 text-xs text-muted-foreground">
                      {Object.entries(metric.tags)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(' ')}
                    </td>
                    <td className="px-3 py-2 text-xs whitespace-nowrap text-muted-foreground">
                      {formatDateTime(metric.timestamp)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}
    </div>
  );
}
