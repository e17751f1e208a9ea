import { z } from 'zod';
import { MODERATION_REASON_MAX, REPORT_NOTE_MAX, reportReasonSchema } from '../moderation/schemas';

const reason = z.string().min(1).max(MODERATION_REASON_MAX);
const target = {
  targetType: z.enum(['post', 'comment']),
  targetId: z.uuid(),
  /** The post itself, or the post a comment is on. */
  postId: z.uuid(),
  /** The content's author, whom the action concerns. */
  authorId: z.uuid(),
};

/**
 * Moderation (001 §2). A report is its own stream, `report-<target>-<reporter>`, so a member's
 * second report of one thing meets the first's version. What moderators do to content is on the
 * content's `moderation-<target>` stream; what they do to a member, on `moderation-member-<id>`.
 * Appointing a moderator is on the member's own `user-<id>` stream, beside their other role
 * changes.
 */
export const moderationEvents = {
  ContentReported: z.strictObject({
    reportId: z.uuid(),
    reporterId: z.uuid(),
    ...target,
    reason: reportReasonSchema,
    note: z.string().max(REPORT_NOTE_MAX).nullable(),
  }),
  /** Approve (visible again, reports resolved), hide (the author's alone) or remove (nobody's). */
  ContentModerated: z.strictObject({
    ...target,
    moderatorId: z.uuid(),
    action: z.enum(['approve', 'hide', 'remove']),
    reason,
  }),
  /** `targetType`/`targetId` name the content that led to it, when there was one. */
  MemberWarned: z.strictObject({
    userId: z.uuid(),
    moderatorId: z.uuid(),
    reason,
    targetType: z.enum(['post', 'comment', 'member']),
    targetId: z.uuid(),
  }),
  /** `until` null: until a moderator lifts it. The member's sessions end with it. */
  MemberSuspended: z.strictObject({
    userId: z.uuid(),
    moderatorId: z.uuid(),
    reason,
    until: z.iso.datetime().nullable(),
    targetType: z.enum(['post', 'comment', 'member']),
    targetId: z.uuid(),
  }),
  MemberReinstated: z.strictObject({ userId: z.uuid(), moderatorId: z.uuid() }),
  ModeratorAppointed: z.strictObject({ userId: z.uuid(), byUserId: z.uuid() }),
  ModeratorDismissed: z.strictObject({ userId: z.uuid(), byUserId: z.uuid() }),
};
