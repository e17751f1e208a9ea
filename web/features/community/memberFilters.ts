import type { CommunityRole } from '../../../shared/communities/constants';

/** The members tab's filters: the role select's `all` sends no role. */
export interface MemberFilters {
  q: string;
  role: CommunityRole | 'all';
  status: 'active' | 'pending';
  page: number;
}

/** The query of `GET /communities/{id}/members` for the filters: only what narrows the list. */
export function memberQueryParams(filters: MemberFilters): Record<string, string> {
  const params: Record<string, string> = {};
  const q = filters.q.trim();
  if (q !== '') params.q = q;
  if (filters.role !== 'all') params.role = filters.role;
  if (filters.status !== 'active') params.status = filters.status;
  if (filters.page > 1) params.page = String(filters.page);
  return params;
}

/** The role filter of `001` §2 Community Hub. */
export const ROLE_FILTERS: readonly { value: MemberFilters['role']; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'vip', label: 'VIP' },
  { value: 'newcomer', label: 'Newcomer' },
  { value: 'member', label: 'Member' },
];
