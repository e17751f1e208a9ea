import type { Generated } from 'kysely';
import type { ContentAudience, ContentType } from '../../../shared/content/schemas';
import type { PostStatus, PostVisibility } from '../../../shared/posts/schemas';
import type { LinkPreviewColumn } from './link-previews';
import type { MentionsColumn } from './mentions';

export interface PostsTable {
  id: string;
  author_id: string;
  number: number;
  title: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  location: string | null;
  status: PostStatus;
  visibility: PostVisibility;
  categories: string[];
  tags: string[];
  seo_title: string;
  seo_description: string;
  allow_comments: boolean;
  allow_sharing: boolean;
  word_count: number;
  read_time: number;
  views_count: Generated<number>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  shares_count: Generated<number>;
  /** Reposts and quotes of it (reposts domain). */
  reposts_count: Generated<number>;
  quotes_count: Generated<number>;
  created_at: Date;
  /** The first time the post was published; kept if it goes back to draft and returns. */
  published_at: Date | null;
  edited_at: Date | null;
  /**
   * Where the post sorts in feeds: the log position of its first `PostPublished`, taken under
   * the feed-order lock so it rises in commit order; null until first published.
   */
  feed_seq: number | null;
  /** Set while the post is in the trash (`DELETE /content/{id}`); purged after retention. */
  deleted_at: Date | null;
  /** `hidden` keeps the post to its author, `removed` to nobody (moderation). */
  moderation_state: Generated<'visible' | 'hidden' | 'removed'>;
  /** The moderator's reason, shown to the author of a hidden post. */
  moderation_reason: string | null;
  /** The content API's type of the record; `post` for every post written before it. */
  content_type: Generated<ContentType>;
  /** Free JSON the author keeps on the record (`PATCH /content/{id}/metadata`), size-limited. */
  metadata: Generated<Record<string, unknown>>;
  /** Who may comment on and share the post; `visibility` says who may see it. */
  comment_audience: Generated<ContentAudience>;
  share_audience: Generated<ContentAudience>;
  /** Bumped by every change to the row, counts included, under the row lock. */
  version: Generated<number>;
  /** Its link's preview card, or its removal (link-previews domain). */
  link_preview: LinkPreviewColumn;
  /** The members it mentions (mentions domain). */
  mentions: MentionsColumn;
}
