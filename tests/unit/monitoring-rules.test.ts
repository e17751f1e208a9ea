import {
  bucketStart,
  bucketStarts,
  formatDuration,
  MONITORING_RANGES,
  mergeIntoSeries,
} from '../../shared/ops/monitoring';
import { percentile, RequestTimings } from '../../server/domains/monitoring/request-timing';
import {
  alertContent,
  decide,
  DEFAULT_THRESHOLDS,
  ruleHolds,
  type Measurements,
} from '../../server/domains/monitoring/rules';
import { telemetryPushes } from '../../server/domains/monitoring/telemetry-store';
import { OPS_PAYLOAD_LIMIT } from '../../server/realtime/ops-channel';

const thresholds = { ...DEFAULT_THRESHOLDS, errorsPerMinute: 10 };
const calm: Measurements = {
  errorsLastMinute: 0,
  p95ByMinute: [100, 100, 100, 100, 100],
  relayLagMs: 10,
};

describe('rule decisions', () => {
  it('holds the error-rate rule only above the threshold', () => {
    expect(ruleHolds('error-rate', { ...calm, errorsLastMinute: 10 }, thresholds)).toBe(false);
    expect(ruleHolds('error-rate', { ...calm, errorsLastMinute: 11 }, thresholds)).toBe(true);
  });

  it('holds the slow-response rule only when every one of 5 minutes had a p95 above 1 s', () => {
    const slow = [1200, 1500, 1100, 1300, 1001];
    expect(ruleHolds('slow-responses', { ...calm, p95ByMinute: slow }, thresholds)).toBe(true);
    expect(
      ruleHolds(
        'slow-responses',
        { ...calm, p95ByMinute: [...slow.slice(0, 4), 1000] },
        thresholds,
      ),
    ).toBe(false);
    expect(
      ruleHolds(
        'slow-responses',
        { ...calm, p95ByMinute: [...slow.slice(0, 4), null] },
        thresholds,
      ),
    ).toBe(false);
    expect(
      ruleHolds('slow-responses', { ...calm, p95ByMinute: slow.slice(0, 4) }, thresholds),
    ).toBe(false);
  });

  it('holds the relay-lag rule above 5 s, and not without reports', () => {
    expect(ruleHolds('relay-lag', { ...calm, relayLagMs: 5001 }, thresholds)).toBe(true);
    expect(ruleHolds('relay-lag', { ...calm, relayLagMs: 5000 }, thresholds)).toBe(false);
    expect(ruleHolds('relay-lag', { ...calm, relayLagMs: null }, thresholds)).toBe(false);
  });

  it('raises only when none is open and resolves only an open one', () => {
    expect(decide(true, false)).toBe('raise');
    expect(decide(true, true)).toBeNull();
    expect(decide(false, true)).toBe('resolve');
    expect(decide(false, false)).toBeNull();
  });

  it('words each alert with its figures', () => {
    expect(alertContent('error-rate', { ...calm, errorsLastMinute: 12 }, thresholds)).toEqual({
      title: 'High error rate',
      message: '12 errors in the last minute (threshold 10 per minute).',
      severity: 'high',
    });
    expect(alertContent('relay-lag', { ...calm, relayLagMs: 6500 }, thresholds).message).toContain(
      '6.50s',
    );
    expect(alertContent('database-unreachable', null, thresholds).severity).toBe('critical');
  });
});

describe('formatDuration', () => {
  it('shows ms under 1000 and seconds from 1000', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999.4)).toBe('999ms');
    expect(formatDuration(1000)).toBe('1.00s');
    expect(formatDuration(2345)).toBe('2.35s');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('buckets', () => {
  it('covers each range with even buckets aligned to the epoch', () => {
    const now = Date.UTC(2026, 10, 23, 12, 34, 56);
    for (const range of Object.keys(MONITORING_RANGES) as (keyof typeof MONITORING_RANGES)[]) {
      const { durationMs, bucketMs } = MONITORING_RANGES[range];
      const starts = bucketStarts(now, range);
      expect(starts).toHaveLength(durationMs / bucketMs);
      expect(starts.at(-1)).toBe(bucketStart(now, bucketMs));
      expect(starts.every((s) => s % bucketMs === 0)).toBe(true);
    }
  });

  it('merges a sample into its bucket and drops buckets that left the range', () => {
    const bucketMs = 60_000;
    const t0 = Date.UTC(2026, 0, 1, 0, 0);
    let points = mergeIntoSeries([], { value: 100, time: t0 + 5_000 }, bucketMs, t0);
    points = mergeIntoSeries(points, { value: 300, time: t0 + 50_000 }, bucketMs, t0);
    expect(points).toEqual([{ start: new Date(t0).toISOString(), avg: 200, max: 300, count: 2 }]);
    points = mergeIntoSeries(points, { value: 50, time: t0 + 61_000 }, bucketMs, t0 + bucketMs);
    expect(points).toEqual([
      { start: new Date(t0 + bucketMs).toISOString(), avg: 50, max: 50, count: 1 },
    ]);
    expect(mergeIntoSeries(points, { value: 1, time: t0 }, bucketMs, t0 + bucketMs)).toBe(points);
  });
});

describe('request timings', () => {
  it('aggregates per route and starts a new window after each take', () => {
    const timings = new RequestTimings();
    for (let ms = 1; ms <= 100; ms += 1) timings.add('GET /api/x', ms);
    timings.add('POST /api/y', 7);
    const stats = timings.take();
    expect(stats).toEqual([
      { route: 'GET /api/x', count: 100, avg: 50.5, p95: 95, max: 100 },
      { route: 'POST /api/y', count: 1, avg: 7, p95: 7, max: 7 },
    ]);
    expect(timings.take()).toEqual([]);
    expect(percentile([], 0.95)).toBe(0);
  });
});

describe('telemetry pushes', () => {
  it('splits into pushes under the NOTIFY limit, each versioned by its newest row', () => {
    const events = Array.from({ length: 60 }, (_, i) => ({
      id: String(i + 1),
      type: 'error' as const,
      severity: 'high' as const,
      message: 'x'.repeat(400),
      context: { url: '/somewhere' },
      metadata: { component: 'Test' },
      userId: null,
      timestamp: new Date(0).toISOString(),
      stackTrace: 'y'.repeat(5000),
      source: 'client' as const,
    }));
    const pushes = telemetryPushes(events, []);
    expect(pushes.length).toBeGreaterThan(1);
    for (const push of pushes) {
      const size = Buffer.byteLength(JSON.stringify({ event: 'monitoring', payload: push }));
      expect(size).toBeLessThan(OPS_PAYLOAD_LIMIT);
      expect(push.version).toBe(Math.max(...push.events.map((e) => Number(e.id))));
      expect(push.events.every((e) => (e.stackTrace ?? '').length <= 300)).toBe(true);
    }
    expect(pushes.flatMap((p) => p.events)).toHaveLength(60);
  });
});
