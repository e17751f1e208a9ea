import type { AnalyticsBucket, AnalyticsRange, AnalyticsSpan } from './schemas';

const DAY_MS = 86_400_000;

const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => format(parse(day) + days * DAY_MS);
/** Days from `from` to `to`, both included. */
export const daysIn = ({ from, to }: AnalyticsSpan) =>
  Math.round((parse(to) - parse(from)) / DAY_MS) + 1;

export interface AnalyticsPeriods {
  bucket: AnalyticsBucket;
  period: AnalyticsSpan;
  previousPeriod: AnalyticsSpan;
  /** `period` cut into its buckets, oldest first. */
  buckets: AnalyticsSpan[];
}

/** The first day of the month `months` before the month of `day`. */
function monthStart(day: string, monthsBack: number): string {
  const date = new Date(parse(day));
  return format(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
}

function cut(period: AnalyticsSpan, next: (start: string) => string): AnalyticsSpan[] {
  const buckets: AnalyticsSpan[] = [];
  for (let start = period.from; start <= period.to; start = next(start)) {
    const end = addDays(next(start), -1);
    buckets.push({ from: start, to: end < period.to ? end : period.to });
  }
  return buckets;
}

/**
 * The span a range covers, ending `today` (a UTC date) included: the last 7, 30 or 90 days, or
 * this month and the 11 before it. The previous period is as many days just before, so a change
 * compares like with like. 7 and 30 days are read per day, 90 per week (7-day buckets from the
 * first day, the last one shorter), 12 months per calendar month (the last one to date).
 */
export function periodsOf(range: AnalyticsRange, today: string): AnalyticsPeriods {
  const from =
    range === '12m' ? monthStart(today, 11) : addDays(today, -(Number.parseInt(range, 10) - 1));
  const period = { from, to: today };
  const length = daysIn(period);
  const previousPeriod = { from: addDays(from, -length), to: addDays(from, -1) };
  const bucket: AnalyticsBucket = range === '12m' ? 'month' : range === '90d' ? 'week' : 'day';
  const next =
    bucket === 'month'
      ? (start: string) => monthStart(addDays(start, 31), 0)
      : (start: string) => addDays(start, bucket === 'week' ? 7 : 1);
  return { bucket, period, previousPeriod, buckets: cut(period, next) };
}

/** The UTC date of an instant. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);
