export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Date;
}
