import type { Selectable } from 'kysely';
import type {
  CommunityPost,
  ContentAuthor,
  Discussion,
  DiscussionReply,
} from '../../../shared/community-content';
import type { Mention } from '../../../shared/mentions';
import type { CommunityPostsTable } from '../../db/tables/community-posts';
import type { DiscussionRepliesTable } from '../../db/tables/discussion-replies';
import type { DiscussionsTable } from '../../db/tables/discussions';

/** The author's card as every read selects it beside the row. */
export interface AuthorColumns {
  author_username: string;
  author_name: string;
  author_avatar: string | null;
}

export type DiscussionRow = Selectable<DiscussionsTable> &
  AuthorColumns & {
    last_reply_username: string | null;
    last_reply_name: string | null;
    last_reply_avatar: string | null;
  };
/** The members the text mentions, with their usernames now (`mentionedSql`). */
interface MentionedColumn {
  mentioned: Mention[];
}

export type ReplyRow = Selectable<DiscussionRepliesTable> & AuthorColumns & MentionedColumn;
export type CommunityPostRow = Selectable<CommunityPostsTable> &
  AuthorColumns &
  MentionedColumn & { liked_by_me: boolean };

const authorOf = (row: { author_id: string } & AuthorColumns): ContentAuthor => ({
  id: row.author_id,
  username: row.author_username,
  displayName: row.author_name,
  avatar: row.author_avatar,
});

/** One discussion as REST answers and pushes carry it: the same for every viewer. */
export function presentDiscussion(row: DiscussionRow): Discussion {
  const lastReply =
    row.last_reply_author_id && row.last_reply_at && row.last_reply_username !== null
      ? {
          author: {
            id: row.last_reply_author_id,
            username: row.last_reply_username,
            displayName: row.last_reply_name ?? row.last_reply_username,
            avatar: row.last_reply_avatar,
          },
          timestamp: row.last_reply_at.toISOString(),
        }
      : null;
  return {
    id: row.id,
    communityId: row.community_id,
    title: row.title,
    content: row.content,
    author: authorOf(row),
    timestamp: row.created_at.toISOString(),
    replies: row.replies_count,
    views: row.views_count,
    tags: row.tags,
    category: row.category,
    isSticky: row.is_sticky,
    isLocked: row.is_locked,
    lastReply,
    lastActivityAt: row.last_activity_at.toISOString(),
    version: row.version,
  };
}

export function presentReply(row: ReplyRow): DiscussionReply {
  return {
    id: row.id,
    discussionId: row.discussion_id,
    author: authorOf(row),
    content: row.content,
    mentions: row.mentioned,
    timestamp: row.created_at.toISOString(),
  };
}

export function presentCommunityPost(row: CommunityPostRow): CommunityPost {
  return {
    id: row.id,
    communityId: row.community_id,
    author: authorOf(row),
    content: row.content,
    mentions: row.mentioned,
    timestamp: row.created_at.toISOString(),
    likes: row.likes_count,
    likedByMe: row.liked_by_me,
    tags: row.tags,
    category: row.category,
    isPinned: row.is_pinned,
    isAnnouncement: row.is_announcement,
    version: row.version,
  };
}
