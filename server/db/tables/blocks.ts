export interface BlocksTable {
  user_id: string;
  blocked_user_id: string;
  created_at: Date;
}
