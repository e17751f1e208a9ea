export interface LastSeenTable {
  user_id: string;
  last_seen_at: Date;
}
