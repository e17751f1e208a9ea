import type { ColumnType } from 'kysely';

/** One member a post or comment mentions, as `MentionsSet` left it. */
export interface StoredMention {
  memberId: string;
  handle: string;
  notified: boolean;
}

/** The `mentions` column of posts and comments. */
export type MentionsColumn = ColumnType<StoredMention[], string | undefined, string>;

export interface PostMentionsTable {
  member_id: string;
  post_id: string;
}
