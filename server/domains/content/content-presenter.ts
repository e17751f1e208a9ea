import {
  contentRecordFromPost,
  type ContentGrants,
  type ContentRecord,
  type ExportRecord,
} from '../../../shared/content';
import { presentPost, type PostRow } from '../posts/post-presenter';

/** What a content read selects beside the post's row. */
export type ContentRow = PostRow & {
  grants: ContentGrants;
  /** The reader is the author or an owner: they read the named members and the moderator's reason. */
  privileged: boolean;
};

/** One record as the content API answers it, for one reader: the post's presenter, mapped. */
export function presentContent(row: ContentRow): ContentRecord {
  return contentRecordFromPost(presentPost(row), {
    type: row.content_type,
    commentAudience: row.comment_audience,
    shareAudience: row.share_audience,
    grants: row.grants,
    metadata: row.metadata as ContentRecord['metadata'],
    privileged: row.privileged,
  });
}

/** The columns the export writes, as the posts table holds them. */
export type ExportRow = Pick<
  PostRow,
  | 'title'
  | 'content'
  | 'excerpt'
  | 'content_type'
  | 'status'
  | 'visibility'
  | 'comment_audience'
  | 'share_audience'
  | 'tags'
  | 'categories'
  | 'featured_image'
  | 'location'
  | 'seo_title'
  | 'seo_description'
  | 'allow_comments'
  | 'allow_sharing'
  | 'metadata'
  | 'created_at'
  | 'published_at'
  | 'edited_at'
>;

/** Sorts an object's keys at every depth, so the same metadata always writes the same bytes. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * One record as the JSON export writes it, keys in the order of `exportRecordSchema` (and
 * metadata's sorted), so one member's content always exports to the same bytes.
 */
export function presentExport(row: ExportRow): ExportRecord {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    type: row.content_type,
    status: row.status,
    visibility: row.visibility,
    permissions: { comment: row.comment_audience, share: row.share_audience },
    tags: row.tags,
    categories: row.categories,
    featuredImage: row.featured_image,
    location: row.location,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    allowComments: row.allow_comments,
    allowSharing: row.allow_sharing,
    metadata: sortedKeys(row.metadata) as ExportRecord['metadata'],
    createdAt: row.created_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
  };
}
