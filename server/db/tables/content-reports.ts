/** One member's report of a post or comment; one per member and target. */
export interface ContentReportsTable {
  id: string;
  target_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: Date;
}
