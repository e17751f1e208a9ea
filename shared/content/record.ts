import type { Post } from '../posts/schemas';
import type { ContentAudience, ContentGrants, ContentRecord, ContentType } from './schemas';

/** What a content record carries that the posts API's `Post` leaves out, read with the post. */
export interface ContentOnlyFields {
  type: ContentType;
  commentAudience: ContentAudience;
  shareAudience: ContentAudience;
  /** The members named per action, as stored. */
  grants: ContentGrants;
  metadata: ContentRecord['metadata'];
  /** The reader is the author or an owner: they read the named members and the moderator's reason. */
  privileged: boolean;
}

const NO_GRANTS: ContentGrants = { view: [], comment: [], share: [] };

/**
 * The content record (002 §3) of a post as the posts API presents it (001 §3 `Post`): the one
 * mapping between the two models, so a post is read and presented once and each field decided
 * in one place.
 *
 * - `id`, `compositeId` ← `id` (the post's uuidv7 is its composite id); `userId` ← `author.id`;
 *   `sequence` ← `number`
 * - `title`, `content`, `excerpt`, `tags`, `categories`, `status`, `visibility`,
 *   `featuredImage`, `location`, `seoTitle`, `seoDescription`, `allowComments`, `allowSharing`,
 *   `createdAt`, `publishedAt`, `version` ← the same field
 * - `updatedAt` ← `editedAt`, or `createdAt` when never edited
 * - `metrics` ← `views`, `likes`, `comments`, `shares`
 * - `moderation.state` ← `moderation.state`, `visible` when absent; `moderation.reason` ←
 *   `moderation.reason` for a privileged reader, else null
 * - `permissions.view` ← `visibility`; `comment`, `share` ← the audiences; `allow` ← the grants
 *   for a privileged reader, else empty lists
 * - `type`, `metadata` ← the content-only fields
 *
 * What a `Post` says of the reader (`likedByMe`, `savedByMe`, `repostedByMe`), its media,
 * counts of reposts and quotes, reading figures, link preview, mentions and quote are not part
 * of a content record.
 */
export function contentRecordFromPost(post: Post, only: ContentOnlyFields): ContentRecord {
  return {
    id: post.id,
    compositeId: post.id,
    userId: post.author.id,
    sequence: post.number,
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    type: only.type,
    tags: post.tags,
    categories: post.categories,
    status: post.status,
    visibility: post.visibility,
    featuredImage: post.featuredImage,
    location: post.location,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    allowComments: post.allowComments,
    allowSharing: post.allowSharing,
    permissions: {
      view: post.visibility,
      comment: only.commentAudience,
      share: only.shareAudience,
      allow: only.privileged ? only.grants : NO_GRANTS,
    },
    metadata: only.metadata,
    moderation: {
      state: post.moderation?.state ?? 'visible',
      reason: only.privileged ? (post.moderation?.reason ?? null) : null,
    },
    metrics: {
      views: post.views,
      likes: post.likes,
      comments: post.comments,
      shares: post.shares,
    },
    createdAt: post.createdAt,
    updatedAt: post.editedAt ?? post.createdAt,
    publishedAt: post.publishedAt,
    version: post.version,
  };
}
