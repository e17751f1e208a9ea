import { z } from 'zod';
import { contentAudienceSchema } from '../content/schemas';
import { postStatusSchema } from '../posts/schemas';
import { postContent } from './posts';

const jsonRecord = z.record(z.string(), z.unknown());
const grants = z.strictObject({
  view: z.array(z.uuid()),
  comment: z.array(z.uuid()),
  share: z.array(z.uuid()),
});

/**
 * What the content API does to a post beyond the post events, on the post's own stream
 * (`post-<id>`), so it orders with every edit. `actorId` is the author or an owner.
 */
export const contentEvents = {
  /** The record's metadata, whole. */
  ContentMetadataSet: z.strictObject({
    postId: z.uuid(),
    authorId: z.uuid(),
    actorId: z.uuid(),
    metadata: jsonRecord,
  }),
  /** Who may see (the post's visibility), comment and share, and the members named per action. */
  PostPermissionsSet: z.strictObject({
    postId: z.uuid(),
    authorId: z.uuid(),
    actorId: z.uuid(),
    view: contentAudienceSchema,
    comment: contentAudienceSchema,
    share: contentAudienceSchema,
    grants,
  }),
  /** The post now belongs to `toUserId`, numbered after their last post (an owner's move). */
  ContentMigrated: z.strictObject({
    postId: z.uuid(),
    fromUserId: z.uuid(),
    toUserId: z.uuid(),
    number: z.number().int().positive(),
    actorId: z.uuid(),
  }),
  /**
   * A post created whole by an import, with the times it had where it was exported: a post's
   * first event, like `PostDrafted`, but of any status and already dated.
   */
  ContentImported: z.strictObject({
    postId: z.uuid(),
    authorId: z.uuid(),
    actorId: z.uuid(),
    number: z.number().int().positive(),
    status: postStatusSchema,
    ...postContent,
    metadata: jsonRecord,
    commentAudience: contentAudienceSchema,
    shareAudience: contentAudienceSchema,
    createdAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
    editedAt: z.iso.datetime().nullable(),
  }),
};
