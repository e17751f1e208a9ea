/** One post in one member's home timeline, named by its feed order (posts.feed_seq). */
export interface HomeTimelinesTable {
  member_id: string;
  feed_seq: number;
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
