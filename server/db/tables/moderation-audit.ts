/** One moderator action; `id` is its event's `<stream>@<version>`. */
export interface ModerationAuditTable {
  id: string;
  /** Null once the moderator's account was deleted: the action stays, the name goes. */
  moderator_id: string | null;
  action: 'approve' | 'hide' | 'remove' | 'warn' | 'suspend' | 'reinstate';
  target_type: 'post' | 'comment' | 'member';
  target_id: string;
  /** The member the action concerns; null once their account was deleted. */
  member_id: string | null;
  reason: string;
  until: Date | null;
  created_at: Date;
}
