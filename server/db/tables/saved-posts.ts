export interface SavedPostsTable {
  user_id: string;
  post_id: string;
  saved_at: Date;
}
