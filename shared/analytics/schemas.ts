import { z } from 'zod';
import { PAGE_VIEW_PATHS } from './page-views';

export const analyticsRangeSchema = z.enum(['7d', '30d', '90d', '12m']);
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;
export const ANALYTICS_RANGES = analyticsRangeSchema.options;

/** `site`: everyone's activity and the ad revenue (owners); `me`: the member's own content. */
export const analyticsScopeSchema = z.enum(['site', 'me']);
export type AnalyticsScope = z.infer<typeof analyticsScopeSchema>;

export const analyticsQuerySchema = z.strictObject({
  range: analyticsRangeSchema.default('30d'),
  scope: analyticsScopeSchema.default('me'),
});

export const analyticsBucketSchema = z.enum(['day', 'week', 'month']);
export type AnalyticsBucket = z.infer<typeof analyticsBucketSchema>;

const day = z.iso.date();
const count = z.number().int().nonnegative();

/** Days are UTC dates, both ends included. */
export const analyticsSpanSchema = z.object({ from: day, to: day });
export type AnalyticsSpan = z.infer<typeof analyticsSpanSchema>;

/** What happened in a span. Figures a scope does not have are null. */
export const analyticsFiguresSchema = z.object({
  /** Post views plus profile views. */
  views: count,
  postViews: count,
  profileViews: count,
  likes: count,
  comments: count,
  shares: count,
  /** (likes + comments + shares) / post views × 100, two decimals; 0 without post views. */
  engagementRate: z.number().nonnegative(),
  /** `site` only: distinct members who did anything. */
  activeMembers: count.nullable(),
  /** `me` only: new followers less those who stopped following. */
  followersGained: z.number().int().nullable(),
  /** `site` only: ad revenue in `currency`. */
  revenue: z.number().nonnegative().nullable(),
  /** `site` only: visits to the home feed at /, one per session (000 §2). */
  pageViews: count.nullable(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsPointSchema = analyticsFiguresSchema.extend(analyticsSpanSchema.shape);
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsReportSchema = z.object({
  scope: analyticsScopeSchema,
  range: analyticsRangeSchema,
  bucket: analyticsBucketSchema,
  period: analyticsSpanSchema,
  /** The span of the same length just before `period`, which the changes compare with. */
  previousPeriod: analyticsSpanSchema,
  totals: analyticsFiguresSchema,
  previous: analyticsFiguresSchema,
  /** One point per bucket of `period`, oldest first; every bucket is present. */
  series: z.array(analyticsPointSchema),
  /** The ISO 4217 code of `revenue`; null when the scope has none. */
  currency: z.string().nullable(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

export const analyticsMessages = {
  siteOwnersOnly: "Only an owner can see the site's analytics.",
} as const;

/** A visit to a page the analytics count, sent by the page as it opens. */
export const pageViewRequestSchema = z.strictObject({ path: z.enum(PAGE_VIEW_PATHS) });

/**
 * What the daily rollups count: views of a member's posts and profile, others' likes, comments
 * and shares of their posts, and follows and unfollows of them; for the site also the visits
 * to the home page.
 */
export const ANALYTICS_METRICS = [
  'page_view',
  'post_view',
  'profile_view',
  'like',
  'comment',
  'share',
  'follow',
  'unfollow',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
