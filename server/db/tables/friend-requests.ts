export interface FriendRequestsTable {
  id: string;
  from_user_id: string;
  to_user_id: string;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled';
  message: string | null;
  created_at: Date;
  responded_at: Date | null;
}
