import fc from 'fast-check';
import {
  addDays,
  ANALYTICS_RANGES,
  changePercent,
  daysIn,
  engagementRate,
  periodsOf,
} from '../../shared/analytics';

const days = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('periodsOf', () => {
  it('ends today, cuts 7 and 30 days per day, 90 per week and 12 months per month', () => {
    expect(periodsOf('7d', '2026-11-25')).toMatchObject({
      bucket: 'day',
      period: { from: '2026-11-19', to: '2026-11-25' },
      previousPeriod: { from: '2026-11-12', to: '2026-11-18' },
    });
    const quarter = periodsOf('90d', '2026-11-25');
    expect(quarter.bucket).toBe('week');
    expect(quarter.buckets).toHaveLength(13);
    expect(quarter.buckets.at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-25' });
    const year = periodsOf('12m', '2026-11-25');
    expect(year.period).toEqual({ from: '2025-12-01', to: '2026-11-25' });
    expect(year.buckets[0]).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(year.buckets[2]).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(year.buckets.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(year.previousPeriod).toEqual({ from: '2024-12-06', to: '2025-11-30' });
  });

  it('tiles the period with its buckets, and the previous period is as long, just before', () => {
    fc.assert(
      fc.property(days, fc.constantFrom(...ANALYTICS_RANGES), (today, range) => {
        const { period, previousPeriod, buckets } = periodsOf(range, today);
        expect(period.to).toBe(today);
        expect(buckets[0]!.from).toBe(period.from);
        expect(buckets.at(-1)!.to).toBe(today);
        for (const [index, bucket] of buckets.entries()) {
          expect(bucket.from <= bucket.to).toBe(true);
          if (index > 0) expect(bucket.from).toBe(addDays(buckets[index - 1]!.to, 1));
        }
        expect(daysIn(previousPeriod)).toBe(daysIn(period));
        expect(addDays(previousPeriod.to, 1)).toBe(period.from);
        expect(buckets.length).toBe(
          range === '12m' ? 12 : range === '90d' ? 13 : Number.parseInt(range, 10),
        );
      }),
    );
  });
});

describe('figures', () => {
  it('rates engagement per post view, and 0 without views', () => {
    expect(engagementRate(3, 2)).toBe(150);
    expect(engagementRate(1, 3)).toBe(33.33);
    expect(engagementRate(5, 0)).toBe(0);
  });

  it('gives a change in percent, none from nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(-2, 4)).toBe(-150);
  });
});
