import { sql } from 'kysely';
import {
  engagementRate,
  periodsOf,
  type AnalyticsFigures,
  type AnalyticsMetric,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsScope,
  type AnalyticsSpan,
} from '../../../shared/analytics';
import type { Db } from '../../db/schema';
import { rates, type AdsPricing } from '../ads/ads-presenter';

type Counts = Record<AnalyticsMetric, number>;
type DailyCounts = Map<string, Partial<Counts>>;

const inSpan = (day: string, span: AnalyticsSpan) => day >= span.from && day <= span.to;

/** Each metric summed over the days of a span. */
function sumOver(daily: DailyCounts, span: AnalyticsSpan): Counts {
  const sum: Counts = {
    page_view: 0,
    post_view: 0,
    profile_view: 0,
    like: 0,
    comment: 0,
    share: 0,
    follow: 0,
    unfollow: 0,
  };
  for (const [day, counts] of daily) {
    if (!inSpan(day, span)) continue;
    for (const [metric, count] of Object.entries(counts) as [AnalyticsMetric, number][]) {
      sum[metric] += count;
    }
  }
  return sum;
}

/** The metrics of a range's days (both periods), from the site's rollup or one member's. */
async function readDaily(
  db: Db,
  scope: AnalyticsScope,
  memberId: string,
  span: AnalyticsSpan,
): Promise<DailyCounts> {
  const { rows } =
    scope === 'site'
      ? await sql<{ day: string; metric: AnalyticsMetric; count: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, metric, sum(count)::float8 as count
          from analytics_site_daily
          where day between ${span.from}::date and ${span.to}::date
          group by day, metric`.execute(db)
      : await sql<{ day: string; metric: AnalyticsMetric; count: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, metric, count::float8 as count
          from analytics_member_daily
          where member_id = ${memberId}::uuid and day between ${span.from}::date and ${span.to}::date`.execute(
          db,
        );
  const daily: DailyCounts = new Map();
  for (const row of rows) {
    const counts = daily.get(row.day) ?? {};
    counts[row.metric] = (counts[row.metric] ?? 0) + row.count;
    daily.set(row.day, counts);
  }
  return daily;
}

/** Distinct active members in each span (one key range of the active days each). */
async function readActiveMembers(db: Db, spans: readonly AnalyticsSpan[]): Promise<number[]> {
  const { rows } = await sql<{ i: number; members: number }>`
    select s.i::int as i, (
      select count(distinct a.member_id)::int from analytics_active_days a
      where a.day between s.from_day and s.to_day
    ) as members
    from unnest(${spans.map((s) => s.from)}::date[], ${spans.map((s) => s.to)}::date[])
      with ordinality as s(from_day, to_day, i)`.execute(db);
  const bySpan = new Map(rows.map((row) => [row.i, row.members]));
  return spans.map((_, index) => bySpan.get(index + 1) ?? 0);
}

/** Ad impressions and clicks per day, every ad together. */
async function readAdDays(
  db: Db,
  span: AnalyticsSpan,
): Promise<Map<string, { impressions: number; clicks: number }>> {
  const { rows } = await sql<{ day: string; impressions: number; clicks: number }>`
    select to_char(day, 'YYYY-MM-DD') as day,
      sum(impressions)::float8 as impressions, sum(clicks)::float8 as clicks
    from ad_metrics_daily
    where day between ${span.from}::date and ${span.to}::date
    group by day`.execute(db);
  return new Map(rows.map(({ day, ...counts }) => [day, counts]));
}

function revenueOver(
  adDays: Map<string, { impressions: number; clicks: number }>,
  span: AnalyticsSpan,
  pricing: AdsPricing,
): number {
  let impressions = 0;
  let clicks = 0;
  for (const [day, counts] of adDays) {
    if (!inSpan(day, span)) continue;
    impressions += counts.impressions;
    clicks += counts.clicks;
  }
  return rates(impressions, clicks, pricing).revenue;
}

export interface ReportInput {
  scope: AnalyticsScope;
  range: AnalyticsRange;
  memberId: string;
  /** Today's UTC date: the range ends with it. */
  today: string;
}

/**
 * The analytics of a range and the period before it, in one read of each daily rollup. `site`
 * adds everyone's counts, the active members and the ad revenue; `me` is the member's own posts
 * and profile and their followers.
 */
export async function readAnalyticsReport(
  db: Db,
  pricing: AdsPricing,
  { scope, range, memberId, today }: ReportInput,
): Promise<AnalyticsReport> {
  const { bucket, period, previousPeriod, buckets } = periodsOf(range, today);
  const whole = { from: previousPeriod.from, to: period.to };
  const spans = [period, previousPeriod, ...buckets];
  const site = scope === 'site';
  const [daily, active, adDays] = await Promise.all([
    readDaily(db, scope, memberId, whole),
    site ? readActiveMembers(db, spans) : null,
    site ? readAdDays(db, whole) : null,
  ]);
  const figures = (span: AnalyticsSpan, index: number): AnalyticsFigures => {
    const sum = sumOver(daily, span);
    return {
      views: sum.post_view + sum.profile_view,
      postViews: sum.post_view,
      profileViews: sum.profile_view,
      likes: sum.like,
      comments: sum.comment,
      shares: sum.share,
      engagementRate: engagementRate(sum.like + sum.comment + sum.share, sum.post_view),
      activeMembers: active ? active[index]! : null,
      followersGained: site ? null : sum.follow - sum.unfollow,
      revenue: adDays ? revenueOver(adDays, span, pricing) : null,
      pageViews: site ? sum.page_view : null,
    };
  };
  return {
    scope,
    range,
    bucket,
    period,
    previousPeriod,
    totals: figures(period, 0),
    previous: figures(previousPeriod, 1),
    series: buckets.map((span, index) => ({ ...span, ...figures(span, index + 2) })),
    currency: site ? pricing.currency : null,
  };
}
