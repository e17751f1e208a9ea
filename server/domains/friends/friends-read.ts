import { socialMessages, type Friend } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { notFound } from '../../core/errors';
import { countMutualFriends } from '../people/mutual-friends';
import { readPeople } from '../people/people-read';

/**
 * The caller's friends, newest friendship first, or just `friendId` when given. `permissions`
 * is the caller's side: what the friend may do with respect to the caller.
 */
export async function readFriends(db: Db, userId: string, friendId?: string): Promise<Friend[]> {
  let query = db
    .selectFrom('friendships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('since', 'desc')
    .orderBy('friend_id');
  if (friendId) query = query.where('friend_id', '=', friendId);
  const rows = await query.execute();
  const ids = rows.map((row) => row.friend_id);
  const [people, mutual] = await Promise.all([
    readPeople(db, userId, ids),
    countMutualFriends(db, userId, ids),
  ]);
  return rows.flatMap((row) => {
    const user = people.get(row.friend_id);
    if (!user) return [];
    return [
      {
        id: row.friend_id,
        user,
        mutualFriends: mutual.get(row.friend_id) ?? 0,
        friendshipDate: row.since.toISOString(),
        lastInteraction: row.last_interaction_at.toISOString(),
        trustLevel: row.trust_level,
        permissions: row.permissions,
      },
    ];
  });
}

export async function readFriend(db: Db, userId: string, friendId: string): Promise<Friend> {
  const [friend] = await readFriends(db, userId, friendId);
  if (!friend) throw notFound(socialMessages.friendNotFound);
  return friend;
}
