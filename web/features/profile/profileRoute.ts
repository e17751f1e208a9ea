import { profileMessages } from '../../../shared/profiles';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/**
 * Whose profile a route shows: the signed-in member's (`/profile`), a member by id (friend cards
 * link `/profile/{id}`), or a member by username, which is looked up first.
 */
export type ProfileTarget =
  | { kind: 'self'; userId: string }
  | { kind: 'id'; userId: string }
  | { kind: 'username'; username: string };

export function profileTarget(param: string | undefined, selfId: string): ProfileTarget {
  const wanted = param?.trim() ?? '';
  if (wanted === '') return { kind: 'self', userId: selfId };
  if (UUID.test(wanted)) {
    const userId = wanted.toLowerCase();
    return userId === selfId ? { kind: 'self', userId } : { kind: 'id', userId };
  }
  return { kind: 'username', username: wanted.replace(/^@/u, '') };
}

/** Which request failed: the username look-up, or the profile itself. */
export type ProfileFailure =
  | { stage: 'lookup'; status: number | 'network' }
  | { stage: 'lookup-empty' }
  | { stage: 'profile'; status: number | 'network' };

/** The failure texts of 000 §8, by route and by what failed. */
export function profileFailureText(target: ProfileTarget, failure: ProfileFailure): string {
  if (failure.stage === 'lookup-empty') return profileMessages.userNotFound;
  const notFound = failure.status === 404;
  if (target.kind === 'self')
    return notFound ? profileMessages.profileNotFound : profileMessages.loadFailed;
  if (failure.stage === 'lookup') return profileMessages.loadUserFailed;
  return notFound ? profileMessages.profileNotFound : profileMessages.loadUserFailed;
}

/** The status of an RTK Query failure, or 'network' when no answer came. */
export function failureStatus(failure: unknown): number | 'network' {
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    const { status } = failure;
    if (typeof status === 'number') return status;
  }
  return 'network';
}

/** The sub-pages take `?user=<id>`; without it they show the signed-in member. */
export function subjectOf(userParam: string | null, selfId: string): string {
  const wanted = userParam?.trim().toLowerCase() ?? '';
  return wanted === '' ? selfId : wanted;
}

/** Links to a member's sub-page: the member's own pages need no parameter. */
export function subPageUrl(path: string, userId: string, isSelf: boolean): string {
  return isSelf ? path : `${path}?user=${encodeURIComponent(userId)}`;
}

/** The shareable address of a profile: by username, which reads better than an id. */
export function profileLink(origin: string, username: string): string {
  return `${origin}/profile/${encodeURIComponent(username)}`;
}
