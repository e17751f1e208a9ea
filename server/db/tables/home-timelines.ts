/** One post in one member's home timeline, named by its feed order (posts.feed_seq). */
export interface HomeTimelinesTable {
  member_id: string;
  feed_seq: number;
}

/** A repost in one member's home timeline: it sorts by the repost's position, shows the post. */
export interface HomeTimelineRepostsTable {
  member_id: string;
  /** The repost's feed order (reposts.feed_seq). */
  feed_seq: number;
  /** The reposted post's (posts.feed_seq). */
  post_seq: number;
  reposted_by: string;
}

/** At or above it the member's timeline is complete; below it the feed reads authors' indexes. */
export interface HomeTimelineFloorsTable {
  member_id: string;
  floor_seq: number;
}

/** An author whose posts are merged at read time instead of fanned out. */
export interface TimelinePullAuthorsTable {
  author_id: string;
}

/** The home timelines' parameters: one row, written from the configuration at start. */
export interface TimelineSettingsTable {
  id: boolean;
  fanout_max_followers: number;
  max_posts: number;
}
