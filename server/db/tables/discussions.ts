import type { Generated } from 'kysely';

/** A community discussion, with its replies count and last reply kept on the row. */
export interface DiscussionsTable {
  id: string;
  community_id: string;
  author_id: string;
  title: string;
  content: string;
  category: string;
  tags: Generated<string[]>;
  is_sticky: Generated<boolean>;
  is_locked: Generated<boolean>;
  replies_count: Generated<number>;
  views_count: Generated<number>;
  last_reply_author_id: string | null;
  last_reply_at: Date | null;
  /** The start, or the last reply: the hub's list is ordered by it after sticky ones. */
  last_activity_at: Date;
  created_at: Date;
  version: Generated<number>;
}
