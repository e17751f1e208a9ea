import type { Generated } from 'kysely';

/** The likes a member's posts hold in all (the profile's Total Likes). */
export interface LikesReceivedTable {
  user_id: string;
  total: Generated<number>;
  /** Bumped by every change of `total`, under the row lock. */
  version: Generated<number>;
}
