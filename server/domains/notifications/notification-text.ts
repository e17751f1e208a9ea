import type { NotificationWording } from '../../core/meanings';

/** "Ana sent you a friend request", "Ana and 1 other ...", "Ana and 3 others ...". */
export function notificationTitle(
  wording: NotificationWording,
  latestActorName: string,
  actorCount: number,
): string {
  if (actorCount <= 1) return wording.one(latestActorName);
  const others = actorCount - 1;
  return wording.many(latestActorName, `${others} ${others === 1 ? 'other' : 'others'}`);
}
