import { z } from 'zod';
import { text } from '../api/text';

/** What a member may report: a post or a comment (001 §2 Moderation). */
export const reportTargetTypeSchema = z.enum(['post', 'comment']);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'nudity',
  'misinformation',
  'other',
] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;
export const SUSPENSION_DAYS_MAX = 365;

const targetId = text({ max: 100 });

export const createReportSchema = z.strictObject({
  targetType: reportTargetTypeSchema,
  targetId,
  reason: reportReasonSchema,
  note: text({ max: REPORT_NOTE_MAX, trim: true }).optional(),
});
export type CreateReport = z.infer<typeof createReportSchema>;

export const reportCreatedSchema = z.object({
  id: z.uuid(),
  targetType: reportTargetTypeSchema,
  targetId: z.uuid(),
  reason: reportReasonSchema,
});

/** What a moderator does to content; warn and suspend act on its author. */
export const contentActionSchema = z.enum(['approve', 'hide', 'remove']);
export type ContentAction = z.infer<typeof contentActionSchema>;
export const moderationActionSchema = z.enum(['approve', 'hide', 'remove', 'warn', 'suspend']);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

const moderationReason = text({
  max: MODERATION_REASON_MAX,
  trim: true,
  required: 'A reason is required',
});
/** Days of a suspension; left out, the suspension lasts until a moderator lifts it. */
const suspensionDays = z.number().int().min(1).max(SUSPENSION_DAYS_MAX);

const actionFields = {
  action: moderationActionSchema,
  reason: moderationReason,
  days: suspensionDays.optional(),
};

/** `POST /moderation/actions`: a member target only takes warn and suspend. */
export const moderationActionRequestSchema = z.strictObject({
  targetType: z.enum(['post', 'comment', 'member']),
  targetId,
  ...actionFields,
});
export type ModerationActionRequest = z.infer<typeof moderationActionRequestSchema>;

/** `POST /content/{id}/moderate`: the same action on a post. */
export const moderateContentSchema = z.strictObject(actionFields);
export type ModerateContent = z.infer<typeof moderateContentSchema>;

export const moderationStateSchema = z.enum(['visible', 'hidden', 'removed']);
export type ModerationState = z.infer<typeof moderationStateSchema>;

export const moderationAuthorSchema = z.object({
  id: z.uuid().nullable(),
  username: z.string().nullable(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});

export const contentReportSchema = z.object({
  id: z.uuid(),
  reporter: moderationAuthorSchema,
  reason: reportReasonSchema,
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContentReport = z.infer<typeof contentReportSchema>;

export const queueStatusSchema = z.enum(['open', 'resolved']);
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** One reported piece of content with every report on it, as the queue shows and pushes it. */
export const moderationItemSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.uuid(),
  /** The post itself, or the post a comment is on: where the content is read. */
  postId: z.uuid(),
  /** The title (posts) and the first words; empty once the content is gone. */
  title: z.string(),
  excerpt: z.string(),
  author: moderationAuthorSchema,
  /** Null once the content was deleted. */
  moderationState: moderationStateSchema.nullable(),
  moderationReason: z.string().nullable(),
  status: queueStatusSchema,
  reportCount: z.number().int().nonnegative(),
  reasonCounts: z.record(z.string(), z.number().int().positive()),
  reports: z.array(contentReportSchema),
  lastReportedAt: z.iso.datetime(),
  lastAction: moderationActionSchema.nullable(),
  /** Rises with every change of the item: a client keeps the highest it saw. */
  version: z.number().int(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

const cursorField = text({ max: 200 })
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
  .optional();

export const queueQuerySchema = z.strictObject({
  status: queueStatusSchema.default('open'),
  cursor: cursorField,
});
export const queuePageSchema = z.object({
  items: z.array(moderationItemSchema),
  nextCursor: z.string().nullable(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const auditTargetTypeSchema = z.enum(['post', 'comment', 'member']);

/** One moderator's action, as the audit list reads it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  moderator: moderationAuthorSchema,
  action: z.enum(['approve', 'hide', 'remove', 'warn', 'suspend', 'reinstate']),
  targetType: auditTargetTypeSchema,
  targetId: z.uuid(),
  /** The member acted on: the content's author, or the member warned, suspended, reinstated. */
  member: moderationAuthorSchema,
  reason: z.string(),
  /** Until when a suspension runs; null for an indefinite one and every other action. */
  until: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({ cursor: cursorField });
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const moderatorSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['moderator', 'owner']),
});
export type Moderator = z.infer<typeof moderatorSchema>;
export const moderatorsSchema = z.object({ moderators: z.array(moderatorSchema) });
export const appointModeratorSchema = z.strictObject({ userId: z.uuid() });

/** The answer to an action: what it did, as the audit list will show it. */
export const moderationResultSchema = z.object({ entry: auditEntrySchema });
export type ModerationResult = z.infer<typeof moderationResultSchema>;
