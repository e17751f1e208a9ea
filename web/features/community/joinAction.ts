import type { Community } from '../../../shared/communities';

/** What the hub offers the member for a community, from their standing and its privacy. */
export type JoinAction =
  | { kind: 'join'; label: 'Join' | 'Request to Join' | 'Accept Invitation' }
  | { kind: 'pending'; label: 'Cancel Request' }
  | { kind: 'leave'; label: 'Leave' }
  | { kind: 'none' };

export function joinActionOf(community: Pick<Community, 'privacy' | 'membership'>): JoinAction {
  const { status, invited } = community.membership;
  if (status === 'active') return { kind: 'leave', label: 'Leave' };
  if (status === 'pending') return { kind: 'pending', label: 'Cancel Request' };
  if (invited) return { kind: 'join', label: 'Accept Invitation' };
  if (community.privacy === 'public') return { kind: 'join', label: 'Join' };
  if (community.privacy === 'restricted') return { kind: 'join', label: 'Request to Join' };
  return { kind: 'none' };
}
