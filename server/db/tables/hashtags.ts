/** One hashtag of one post, with what the tag page and trending sort and filter by. */
export interface PostHashtagsTable {
  post_id: string;
  tag: string;
  author_id: string;
  feed_seq: number | null;
  published_at: Date | null;
}

export interface TagFollowsTable {
  member_id: string;
  tag: string;
  followed_at: Date;
}

/** A post in a member's home feed because it carries `tag`, which they follow. */
export interface TagTimelinesTable {
  member_id: string;
  feed_seq: number;
  tag: string;
}
