import type { MentionsColumn } from './mentions';
/** A reply in a discussion; `community_id` is kept so a member's count there is found directly. */
export interface DiscussionRepliesTable {
  id: string;
  discussion_id: string;
  community_id: string;
  author_id: string;
  content: string;
  created_at: Date;
  /** The members it mentions (mentions domain). */
  mentions: MentionsColumn;
}
