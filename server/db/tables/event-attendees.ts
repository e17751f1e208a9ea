/** A member attending a calendar event; `reminded_at` once their reminder email was queued. */
export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  joined_at: Date;
  reminded_at: Date | null;
}
