/** An invitation to a community not yet answered: it lets the invitee see and join a private one. */
export interface CommunityInvitationsTable {
  community_id: string;
  user_id: string;
  invited_by: string;
  invited_at: Date;
}
