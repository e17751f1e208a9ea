import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  MONITORING_EVENT_TYPES,
  MONITORING_MESSAGES,
  MONITORING_RANGE_KEYS,
  MONITORING_SEVERITIES,
  type MonitoringEventType,
  type MonitoringRange,
  type MonitoringSeverity,
} from '../../../shared/ops/monitoring';
import { Button } from '../../components/ui/button';
import { useLiveFeature } from '../connection';
import { useFallbackPolling } from '../ops';
import { AlertsPanel } from './AlertsPanel';
import { DatabasePanel } from './DatabasePanel';
import { EventsPanel } from './EventsPanel';
import {
  useGetAlertsQuery,
  useGetDatabaseStatusQuery,
  useGetMonitoringEventsQuery,
  useGetMonitoringMetricsQuery,
  useGetMonitoringSummaryQuery,
} from './monitoringApi';
import { PerformancePanel } from './PerformancePanel';
import { SummaryCards } from './SummaryCards';
import { TabStrip } from '../../components/TabStrip';

/** Spec 002 §9: the dashboard refreshes every 30 s, here only while the live channel is down. */
const FALLBACK_REFRESH_MS = 30_000;
/** Replicas' lag and counters live in each process's memory, so no push carries them: polled. */
const DATABASE_REFRESH_MS = 10_000;

function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  options: readonly T[];
  onChange: (value: T | '') => void;
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{props.label}</span>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T | '')}
        className="h-9 rounded-md border bg-background px-2 text-sm"
      >
        <option value="">All</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option.replace('_', ' ')}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Spec 002 §2 screen 3: summary cards, filters, Events/Performance/Alerts, time ranges. */
export function MonitoringDashboard() {
  const [range, setRange] = useState<MonitoringRange>('24h');
  const [type, setType] = useState<MonitoringEventType | ''>('');
  const [severity, setSeverity] = useState<MonitoringSeverity | ''>('');
  useLiveFeature('monitoring');
  const pollingInterval = useFallbackPolling(FALLBACK_REFRESH_MS);
  const options = { pollingInterval };

  const summary = useGetMonitoringSummaryQuery(range, options);
  const events = useGetMonitoringEventsQuery(
    { range, type: type || undefined, severity: severity || undefined },
    options,
  );
  const metrics = useGetMonitoringMetricsQuery({ range }, options);
  const alerts = useGetAlertsQuery(undefined, options);
  const database = useGetDatabaseStatusQuery(undefined, { pollingInterval: DATABASE_REFRESH_MS });

  const failed = summary.isError || events.isError || metrics.isError || alerts.isError;
  useEffect(() => {
    // One toast however many of the loads failed.
    if (failed) toast.error(MONITORING_MESSAGES.loadFailed, { id: 'monitoring-load-failed' });
  }, [failed]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Time range" className="flex gap-1 rounded-lg bg-muted p-1">
          {MONITORING_RANGE_KEYS.map((key) => (
            <Button
              key={key}
              size="sm"
              variant={key === range ? 'default' : 'ghost'}
              aria-pressed={key === range}
              onClick={() => setRange(key)}
            >
              {key}
            </Button>
          ))}
        </div>
        <FilterSelect
          id="monitoring-type"
          label="Type"
          value={type}
          options={MONITORING_EVENT_TYPES}
          onChange={setType}
        />
        <FilterSelect
          id="monitoring-severity"
          label="Severity"
          value={severity}
          options={MONITORING_SEVERITIES}
          onChange={setSeverity}
        />
      </div>

      <SummaryCards summary={summary.data} />

      <Tabs.Root defaultValue="events" className="flex flex-col gap-4">
        <TabStrip
          label="Monitoring sections"
          tabs={[
            { value: 'events', label: 'Events' },
            { value: 'performance', label: 'Performance' },
            { value: 'alerts', label: 'Alerts' },
            { value: 'database', label: 'Database' },
          ]}
        />
        <Tabs.Content value="events">
          <EventsPanel
            events={events.data}
            summary={summary.data}
            isLoading={events.isLoading}
            isError={events.isError}
            onRetry={() => void events.refetch()}
          />
        </Tabs.Content>
        <Tabs.Content value="performance">
          <PerformancePanel
            data={metrics.data}
            isLoading={metrics.isLoading}
            isError={metrics.isError}
            onRetry={() => void metrics.refetch()}
          />
        </Tabs.Content>
        <Tabs.Content value="alerts">
          <AlertsPanel
            alerts={alerts.data}
            isLoading={alerts.isLoading}
            isError={alerts.isError}
            onRetry={() => void alerts.refetch()}
          />
        </Tabs.Content>
        <Tabs.Content value="database">
          <DatabasePanel
            data={database.data}
            isLoading={database.isLoading}
            isError={database.isError}
            onRetry={() => void database.refetch()}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
