import type { Selectable } from 'kysely';
import type { Mention } from '../../../shared/mentions';
import type {
  Comment,
  ContentModeration,
  Post,
  PostAuthor,
  SharedPost,
} from '../../../shared/posts';
import type { Quote } from '../../../shared/reposts';
import type { CommentsTable } from '../../db/tables/comments';
import type { PostsTable } from '../../db/tables/posts';
import { presentLinkPreview } from '../link-previews/link-preview-presenter';
import { presentAttachedFiles, type AttachedFileColumns } from './post-media';

/** The author's card as every post and comment read selects it beside the row. */
export interface AuthorColumns {
  author_username: string;
  author_name: string;
  author_avatar: string | null;
}

/** What the viewer did to the thing read, and whom the text mentions (with usernames now). */
export interface ViewerColumns {
  liked_by_me: boolean;
  mentioned: Mention[];
}

export type PostRow = Selectable<PostsTable> &
  AuthorColumns &
  ViewerColumns & {
    saved_by_me: boolean;
    media: AttachedFileColumns[];
    reposted_by_me: boolean;
    quote: Quote | null;
  };

export type CommentRow = Selectable<CommentsTable> & AuthorColumns & ViewerColumns;

function authorOf(row: { author_id: string } & AuthorColumns): PostAuthor {
  return {
    id: row.author_id,
    username: row.author_username,
    displayName: row.author_name,
    avatar: row.author_avatar,
  };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Only the author ever reads moderated content, so whoever is presented a hidden row may be told
 * the moderator's reason.
 */
function moderationOf(row: {
  moderation_state: 'visible' | 'hidden' | 'removed';
  moderation_reason: string | null;
}): { moderation?: ContentModeration } {
  if (row.moderation_state === 'visible') return {};
  return { moderation: { state: row.moderation_state, reason: row.moderation_reason ?? '' } };
}

/** One post as REST answers and pushes carry it, for one viewer. */
export function presentPost(row: PostRow): Post {
  return {
    id: row.id,
    number: row.number,
    author: authorOf(row),
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    media: presentAttachedFiles(row.media),
    location: row.location,
    status: row.status,
    visibility: row.visibility,
    categories: row.categories,
    tags: row.tags,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    allowComments: row.allow_comments,
    allowSharing: row.allow_sharing,
    wordCount: row.word_count,
    readTime: row.read_time,
    views: row.views_count,
    likes: row.likes_count,
    comments: row.comments_count,
    shares: row.shares_count,
    reposts: row.reposts_count,
    quotes: row.quotes_count,
    likedByMe: row.liked_by_me,
    savedByMe: row.saved_by_me,
    repostedByMe: row.reposted_by_me,
    createdAt: row.created_at.toISOString(),
    publishedAt: iso(row.published_at),
    editedAt: iso(row.edited_at),
    ...moderationOf(row),
    linkPreview: presentLinkPreview(row.link_preview),
    mentions: row.mentioned,
    quote: row.quote,
    version: row.version,
  };
}

/** A post as every watcher sees it: the presenter's, without what is the viewer's own. */
export function presentSharedPost(row: PostRow): SharedPost {
  const {
    likedByMe: _liked,
    savedByMe: _saved,
    repostedByMe: _reposted,
    quote: _quote,
    ...post
  } = presentPost(row);
  return post;
}

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    depth: row.depth,
    author: authorOf(row),
    content: row.content,
    likes: row.likes_count,
    likedByMe: row.liked_by_me,
    createdAt: row.created_at.toISOString(),
    editedAt: iso(row.edited_at),
    ...moderationOf(row),
    linkPreview: presentLinkPreview(row.link_preview),
    mentions: row.mentioned,
    version: row.version,
  };
}
