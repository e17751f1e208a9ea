/** A member who has viewed a discussion: their views count once. */
export interface DiscussionViewsTable {
  discussion_id: string;
  user_id: string;
}
