import {
  changePercent,
  type AnalyticsBucket,
  type AnalyticsFigures,
  type AnalyticsPoint,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsScope,
} from '../../../shared/analytics';

export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
};

export type StatKey =
  'views' | 'activeMembers' | 'engagementRate' | 'revenue' | 'engagements' | 'followersGained';

export interface StatCard {
  key: StatKey;
  label: string;
  value: string;
  /** Percent change from the previous period; null when there was nothing before. */
  change: number | null;
  hint: string;
}

const integer = new Intl.NumberFormat('en-US');
const counted = (n: number, one: string, many: string) =>
  `${integer.format(n)} ${n === 1 ? one : many}`;

export function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}

export const formatPercent = (value: number) => `${value.toFixed(value % 1 === 0 ? 0 : 2)}%`;

/** "+12.5%", "-3%", "No earlier data" for a change. */
export function formatChange(change: number | null): string {
  if (change === null) return 'New this period';
  if (change === 0) return 'No change';
  return `${change > 0 ? '+' : ''}${change}%`;
}

const engagements = (figures: AnalyticsFigures) =>
  figures.likes + figures.comments + figures.shares;

/**
 * The four cards of a scope: the site's views, active members, engagement rate and revenue; a
 * member's views, engagement rate, engagements and followers gained (they have no revenue).
 */
export function statCards(report: AnalyticsReport): StatCard[] {
  const { totals, previous } = report;
  const card = (
    key: StatKey,
    label: string,
    value: string,
    now: number,
    before: number,
    hint: string,
  ): StatCard => ({ key, label, value, change: changePercent(now, before), hint });
  const views = card(
    'views',
    'Total views',
    integer.format(totals.views),
    totals.views,
    previous.views,
    `${counted(totals.postViews, 'post view', 'post views')} and ${counted(totals.profileViews, 'profile view', 'profile views')}`,
  );
  const rate = card(
    'engagementRate',
    'Engagement rate',
    formatPercent(totals.engagementRate),
    totals.engagementRate,
    previous.engagementRate,
    'Likes, comments and shares per post view',
  );
  if (report.scope === 'site') {
    return [
      views,
      card(
        'activeMembers',
        'Active users',
        integer.format(totals.activeMembers ?? 0),
        totals.activeMembers ?? 0,
        previous.activeMembers ?? 0,
        `Members who signed in or did anything; ${counted(totals.pageViews ?? 0, 'visit', 'visits')} to the home page`,
      ),
      rate,
      card(
        'revenue',
        'Revenue',
        formatMoney(totals.revenue ?? 0, report.currency ?? 'USD'),
        totals.revenue ?? 0,
        previous.revenue ?? 0,
        'Ad impressions and clicks at the configured prices',
      ),
    ];
  }
  return [
    views,
    rate,
    card(
      'engagements',
      'Engagements',
      integer.format(engagements(totals)),
      engagements(totals),
      engagements(previous),
      `${counted(totals.likes, 'like', 'likes')}, ${counted(totals.comments, 'comment', 'comments')}, ${counted(totals.shares, 'share', 'shares')}`,
    ),
    card(
      'followersGained',
      'Followers gained',
      integer.format(totals.followersGained ?? 0),
      totals.followersGained ?? 0,
      previous.followersGained ?? 0,
      'New followers less those who left',
    ),
  ];
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A bucket's label: 'Nov 25', 'Nov 19 – Nov 25' or 'Nov 2026'. */
export function bucketLabel(
  point: Pick<AnalyticsPoint, 'from' | 'to'>,
  bucket: AnalyticsBucket,
): string {
  const from = Date.parse(`${point.from}T00:00:00Z`);
  if (bucket === 'month') return monthFormat.format(from);
  if (bucket === 'day') return dayFormat.format(from);
  return `${dayFormat.format(from)} – ${dayFormat.format(Date.parse(`${point.to}T00:00:00Z`))}`;
}

export interface ChartRow {
  label: string;
  views: number;
  engagements: number;
  engagementRate: number;
  activeMembers: number;
  revenue: number;
  followersGained: number;
}

export function chartRows(report: AnalyticsReport): ChartRow[] {
  return report.series.map((point) => ({
    label: bucketLabel(point, report.bucket),
    views: point.views,
    engagements: engagements(point),
    engagementRate: point.engagementRate,
    activeMembers: point.activeMembers ?? 0,
    revenue: point.revenue ?? 0,
    followersGained: point.followersGained ?? 0,
  }));
}

/** Whether anything at all happened in the period (else the page shows its empty state). */
export function hasData(report: AnalyticsReport): boolean {
  return report.series.some(
    (point) =>
      point.views > 0 ||
      engagements(point) > 0 ||
      (point.activeMembers ?? 0) > 0 ||
      (point.revenue ?? 0) > 0 ||
      (point.followersGained ?? 0) !== 0,
  );
}

export interface ChartSpec {
  key: Exclude<keyof ChartRow, 'label'>;
  title: string;
  kind: 'area' | 'bar';
  format: (value: number) => string;
}

/** The charts of a scope, each with the table that says the same. */
export function chartsOf(scope: AnalyticsScope, currency: string | null): ChartSpec[] {
  const count = (value: number) => integer.format(value);
  const common: ChartSpec[] = [
    { key: 'views', title: 'Views', kind: 'area', format: count },
    { key: 'engagementRate', title: 'Engagement rate', kind: 'bar', format: formatPercent },
  ];
  if (scope === 'site') {
    return [
      ...common,
      { key: 'activeMembers', title: 'Active users', kind: 'bar', format: count },
      {
        key: 'revenue',
        title: 'Revenue',
        kind: 'area',
        format: (value) => formatMoney(value, currency ?? 'USD'),
      },
    ];
  }
  return [
    ...common,
    { key: 'engagements', title: 'Engagements', kind: 'bar', format: count },
    { key: 'followersGained', title: 'Followers gained', kind: 'bar', format: count },
  ];
}
