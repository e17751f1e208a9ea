import type { Generated } from 'kysely';

/** A member's profile counters, versioned for live pushes. */
export interface ProfileStatsTable {
  user_id: string;
  posts: Generated<number>;
  followers: Generated<number>;
  following: Generated<number>;
  likes: Generated<number>;
  views: Generated<number>;
  /** Bumped by every change of a count, under the row lock. */
  version: Generated<number>;
}
