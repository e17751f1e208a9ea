export interface EmailChangeTokensTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}
