import { z } from 'zod';
import { idField } from '../api/ids';
import { postStatusSchema, postVisibilitySchema } from '../posts/schemas';
import { contentRecordSchema, contentTypeSchema } from './schemas';

/**
 * The content API's history of a record (issue #14, 002 §7 Content): its versions, its backups
 * with their comments, the purge of the trash and per-day analytics.
 */

/** Versions listed per page, newest first. */
export const VERSIONS_PAGE = { default: 50, max: 100 } as const;
/** Backups listed, newest first. */
export const BACKUPS_LIST_MAX = 50;
/** Trashed records purged by one cleanup call; the rest waits for the next (`hasMore`). */
export const CLEANUP_BATCH = 500;
/** One analytics hit adds at most this much to its metric. */
export const METRIC_VALUE_MAX = 1000;
/** The analytics window, in days back from today (UTC). */
export const ANALYTICS_DAYS = { default: 30, max: 365 } as const;

export const contentMetricSchema = z.enum([
  'view',
  'click',
  'share',
  'like',
  'comment',
  'read',
  'impression',
]);
export type ContentMetric = z.infer<typeof contentMetricSchema>;
export const CONTENT_METRICS = contentMetricSchema.options;

export const historyMessages = {
  versionNotFound: 'Version not found',
  backupNotFound: 'Backup not found',
  /** A purge removes the post with its versions and backups: nothing is left to restore from. */
  purged: 'This post was deleted for good and can no longer be restored.',
  notYours: 'Only the author or an owner can do this.',
  cleanupOthers: "Only an owner can empty another member's trash.",
  metricsLimited: 'Too many analytics hits for this post. Please slow down.',
} as const;

/** What a post says, as a version or a backup keeps it: the fields an edit carries. */
export const contentFieldsSchema = z.object({
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  location: z.string().nullable(),
  visibility: postVisibilitySchema,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  /** The attached files in order, as ids. */
  mediaIds: z.array(z.uuid()),
  contentType: contentTypeSchema,
});
export type ContentFields = z.infer<typeof contentFieldsSchema>;

export const contentVersionSchema = z.object({
  /** 1 for the draft, then one more for every edit. */
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** Who made the edit: the author, or an owner. */
  actorId: z.uuid(),
  status: postStatusSchema,
  fields: contentFieldsSchema,
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;

export const versionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VERSIONS_PAGE.max).default(VERSIONS_PAGE.default),
  /** The page after a previous one: versions below this number. */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type VersionsQuery = z.infer<typeof versionsQuerySchema>;

export const versionsPageSchema = z.object({
  versions: z.array(contentVersionSchema),
  hasMore: z.boolean(),
});
export type VersionsPage = z.infer<typeof versionsPageSchema>;

export const restoreVersionSchema = z.strictObject({
  version: z.number().int().min(1).max(2_147_483_647),
});

export const backupSummarySchema = z.object({
  backupId: z.uuid(),
  createdAt: z.iso.datetime(),
  /** How many comments the snapshot holds. */
  comments: z.number().int().nonnegative(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const backupEntrySchema = backupSummarySchema.extend({
  actorId: z.uuid(),
  status: postStatusSchema,
  title: z.string(),
});
export const backupsListSchema = z.object({ backups: z.array(backupEntrySchema) });
export type BackupsList = z.infer<typeof backupsListSchema>;

/** The latest backup when `backupId` is left out. */
export const restoreBackupSchema = z.strictObject({ backupId: idField().optional() }).optional();

export const restoreResultSchema = z.object({
  backupId: z.uuid(),
  /** The record as the restore left it. */
  record: contentRecordSchema,
  /** What the restore did to the comments to bring them back to the snapshot. */
  comments: z.object({
    readded: z.number().int().nonnegative(),
    reverted: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
  }),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

/** A member empties their own trash; an owner everyone's, or one member's by `userId`. */
export const cleanupSchema = z.strictObject({ userId: idField().optional() }).optional();
export const cleanupResultSchema = z.object({
  deletedCount: z.number().int().nonnegative(),
  /** More records are past retention than one call purges: call again. */
  hasMore: z.boolean(),
});
export type CleanupResult = z.infer<typeof cleanupResultSchema>;

export const recordMetricSchema = z.strictObject({
  metric: contentMetricSchema,
  value: z.number().int().min(1).max(METRIC_VALUE_MAX).default(1),
});
export const metricAcceptedSchema = z.object({ accepted: z.literal(true) });

export const analyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_DAYS.max).default(ANALYTICS_DAYS.default),
});

/** A day as `YYYY-MM-DD`, in UTC. */
export const analyticsDaySchema = z.iso.date();

export const analyticsSchema = z.object({
  /** Every metric, 0 when none was recorded in the window. */
  totals: z.record(contentMetricSchema, z.number().int().nonnegative()),
  /** Oldest day first, then by metric; days and metrics with nothing recorded are left out. */
  daily: z.array(
    z.object({
      day: analyticsDaySchema,
      metric: contentMetricSchema,
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type ContentAnalytics = z.infer<typeof analyticsSchema>;
