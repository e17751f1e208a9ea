import { z } from 'zod';
import { contentMetricSchema } from '../content/history';
import { COMMENT_MAX, COMMENT_MAX_DEPTH, MAX_POST_MEDIA } from '../posts/limits';
import { postStatusSchema } from '../posts/schemas';
import { postContent } from './posts';

const { wordCount: _words, readTime: _minutes, ...postFields } = postContent;

/** A post's fields as a backup keeps them: what `PostEdited` would carry to put them back. */
const snapshotPost = z.strictObject({
  status: postStatusSchema,
  ...postFields,
  mediaIds: z.array(z.uuid()).max(MAX_POST_MEDIA),
});

const snapshotComment = z.strictObject({
  commentId: z.uuid(),
  parentId: z.uuid().nullable(),
  authorId: z.uuid(),
  depth: z.number().int().min(0).max(COMMENT_MAX_DEPTH),
  content: z.string().min(1).max(COMMENT_MAX),
});

/**
 * The content history's own events. Versions need none: they are the post's `PostDrafted` and
 * `PostEdited`, and a restore is a `PostEdited`.
 */
export const contentHistoryEvents = {
  /**
   * A snapshot of one post and its comments (`POST /content/{id}/backup`), on a stream of its
   * own (`content-backup-<id>`), so taking one never races an edit of the post.
   */
  ContentBackedUp: z.strictObject({
    backupId: z.uuid(),
    postId: z.uuid(),
    authorId: z.uuid(),
    actorId: z.uuid(),
    post: snapshotPost,
    /** Parents before their replies. */
    comments: z.array(snapshotComment),
  }),
  /**
   * Analytics hits of one post on one day (UTC), counted in a process's memory and written in
   * batches, on the post's `content-metrics-<id>` stream.
   */
  ContentMetricsRecorded: z.strictObject({
    postId: z.uuid(),
    day: z.iso.date(),
    counts: z.partialRecord(contentMetricSchema, z.number().int().positive()),
  }),
};
