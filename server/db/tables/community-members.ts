import type { Generated } from 'kysely';
import type { CommunityRole } from '../../../shared/communities';

/** A member of a community, or a request to join a restricted one (`pending`). */
export interface CommunityMembersTable {
  community_id: string;
  user_id: string;
  role: CommunityRole;
  status: 'active' | 'pending';
  joined_at: Date;
  last_active_at: Date | null;
  post_count: Generated<number>;
  likes_received: Generated<number>;
}
