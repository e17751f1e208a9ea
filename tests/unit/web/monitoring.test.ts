import type { Alert, MetricsResponse, MonitoringEvent } from '../../../shared/ops/monitoring';
import {
  addEvents,
  addMetrics,
  upsertAlert,
} from '../../../web/features/monitoring/monitoringCache';
import { formatMetricValue } from '../../../web/features/monitoring/PerformancePanel';
import { parseMetricValue } from '../../../web/features/monitoring/TestingTools';

const alert = (id: string, version: number, extra: Partial<Alert> = {}): Alert => ({
  id,
  title: 'High error rate',
  message: 'm',
  severity: 'high',
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, Number(id))).toISOString(),
  rule: 'error-rate',
  acknowledged: false,
  acknowledgedBy: null,
  acknowledgedAt: null,
  resolved: false,
  resolvedAt: null,
  version,
  ...extra,
});

const event = (id: number, type: MonitoringEvent['type'] = 'error'): MonitoringEvent => ({
  id: String(id),
  type,
  severity: 'high',
  message: `event ${id}`,
  context: { url: null },
  metadata: { component: null },
  userId: null,
  timestamp: new Date(0).toISOString(),
  stackTrace: null,
  source: 'client',
});

describe('alerts cache', () => {
  it('keeps the newest version of each alert, newest alert first', () => {
    const acknowledged = alert('1', 2, {
      acknowledged: true,
      acknowledgedBy: { id: 'u', name: 'ana' },
    });
    let list = upsertAlert([], alert('1', 1));
    list = upsertAlert(list, acknowledged);
    expect(list).toEqual([acknowledged]);
    // A late push of the raise cannot undo the acknowledgement.
    expect(upsertAlert(list, alert('1', 1))).toBe(list);
    expect(upsertAlert(list, alert('2', 1)).map((a) => a.id)).toEqual(['2', '1']);
  });
});

describe('events cache', () => {
  it('adds pushed events that match the filters, once, newest first, within the limit', () => {
    const list = [event(2), event(1)];
    const pushed = [event(3), event(4, 'warning'), event(2)];
    expect(addEvents(list, pushed, { type: 'error' }).map((e) => e.id)).toEqual(['3', '2', '1']);
    expect(addEvents(list, pushed, { limit: 2 }).map((e) => e.id)).toEqual(['4', '3']);
    expect(addEvents(list, [event(5, 'info')], { type: 'error' })).toBe(list);
  });
});

describe('metrics cache', () => {
  it('adds pushed metrics to the latest list and to their series bucket', () => {
    const now = Date.UTC(2026, 0, 1, 12, 30);
    const response: MetricsResponse = { range: '1h', bucketMs: 60_000, metrics: [], series: [] };
    const metric = {
      id: '7',
      name: 'custom.metric',
      value: 120,
      unit: 'ms' as const,
      timestamp: new Date(now - 10_000).toISOString(),
      tags: {},
    };
    const next = addMetrics(response, [metric], {}, now);
    expect(next.metrics).toEqual([metric]);
    expect(next.series).toEqual([
      {
        name: 'custom.metric',
        unit: 'ms',
        points: [{ start: new Date(now - 60_000).toISOString(), avg: 120, max: 120, count: 1 }],
      },
    ]);
    expect(addMetrics(next, [metric], {}, now)).toBe(next);
    expect(addMetrics(response, [metric], { name: 'other' }, now)).toBe(response);
  });
});

describe('testing tools', () => {
  it('accepts only a number as the performance value', () => {
    expect(parseMetricValue('12.5')).toBe(12.5);
    expect(parseMetricValue('0')).toBe(0);
    expect(parseMetricValue('')).toBeNull();
    expect(parseMetricValue('  ')).toBeNull();
    expect(parseMetricValue('abc')).toBeNull();
    expect(parseMetricValue('Infinity')).toBeNull();
  });

  it('formats metric values by unit, durations in ms under 1000 and seconds above', () => {
    expect(formatMetricValue(999, 'ms')).toBe('999ms');
    expect(formatMetricValue(1500, 'ms')).toBe('1.50s');
    expect(formatMetricValue(2, 's')).toBe('2.00s');
    expect(formatMetricValue(42.123, 'percentage')).toBe('42.1%');
    expect(formatMetricValue(3, 'count')).toBe('3');
  });
});
