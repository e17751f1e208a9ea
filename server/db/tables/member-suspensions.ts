/** A member's current suspension; `until` null runs until a moderator lifts it. */
export interface MemberSuspensionsTable {
  user_id: string;
  moderator_id: string | null;
  reason: string;
  until: Date | null;
  created_at: Date;
}
