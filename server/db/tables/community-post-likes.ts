export interface CommunityPostLikesTable {
  post_id: string;
  user_id: string;
  liked_at: Date;
}
