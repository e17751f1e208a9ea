import type { FriendPermission } from '../../../shared/social/friends';

export interface FriendshipsTable {
  user_id: string;
  friend_id: string;
  since: Date;
  last_interaction_at: Date;
  trust_level: number;
  /** What `friend_id` may do with respect to `user_id`. */
  permissions: FriendPermission[];
}
