import type { NotificationType } from '../../../shared/social/notifications';

/** What a notification of each type says, one actor or grouped. */
const WORDING: Record<
  NotificationType,
  { one: (name: string) => string; many: (name: string, others: string) => string }
> = {
  friend_request_received: {
    one: (name) => `${name} sent you a friend request`,
    many: (name, others) => `${name} and ${others} sent you friend requests`,
  },
  friend_request_accepted: {
    one: (name) => `${name} accepted your friend request`,
    many: (name, others) => `${name} and ${others} accepted your friend requests`,
  },
};

/** "Ana sent you a friend request", "Ana and 1 other ...", "Ana and 3 others ...". */
export function notificationTitle(
  type: NotificationType,
  latestActorName: string,
  actorCount: number,
): string {
  const wording = WORDING[type];
  if (actorCount <= 1) return wording.one(latestActorName);
  const others = actorCount - 1;
  return wording.many(latestActorName, `${others} ${others === 1 ? 'other' : 'others'}`);
}

/** The line under the title: the request's own note when it has one. */
export function notificationContent(
  type: NotificationType,
  actorName: string,
  message: string | null,
): string {
  if (type === 'friend_request_accepted') return `You and ${actorName} are now friends.`;
  return message ?? `${actorName} would like to be your friend.`;
}

/** Most recent actor first; an actor who comes back moves to the front instead of repeating. */
export function mergeActors(actorIds: readonly string[], latest: string): string[] {
  return [latest, ...actorIds.filter((id) => id !== latest)];
}
