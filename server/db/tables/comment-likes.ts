export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  post_id: string;
  liked_at: Date;
}
