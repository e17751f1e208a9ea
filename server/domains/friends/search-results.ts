import { sql } from 'kysely';
import { PEOPLE_SEARCH_LIMIT, SUGGESTIONS_LIMIT, type SearchResult } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { rankPeople, type RankedMatch } from '../people/people-search';
import { readPeople } from '../people/people-read';
import { findableBy, member } from '../relations/relations-policy';

/** Adds how each match stands to the caller: friend, request pending, or free to ask. */
async function toSearchResults(
  db: Db,
  userId: string,
  matches: RankedMatch[],
): Promise<SearchResult[]> {
  const ids = matches.map((match) => match.id);
  if (ids.length === 0) return [];
  const [people, friends, pending] = await Promise.all([
    readPeople(db, userId, ids),
    db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', userId)
      .where('friend_id', 'in', ids)
      .execute(),
    db
      .selectFrom('friend_requests')
      .select(['from_user_id', 'to_user_id'])
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', userId), eb('to_user_id', 'in', ids)]),
          eb.and([eb('to_user_id', '=', userId), eb('from_user_id', 'in', ids)]),
        ]),
      )
      .execute(),
  ]);
  const friendIds = new Set(friends.map((row) => row.friend_id));
  const pendingIds = new Set(
    pending.map((row) => (row.from_user_id === userId ? row.to_user_id : row.from_user_id)),
  );
  return matches.flatMap((match) => {
    const user = people.get(match.id);
    if (!user) return [];
    const isFriend = friendIds.has(match.id);
    const hasPendingRequest = pendingIds.has(match.id);
    return [
      {
        id: match.id,
        user,
        mutualFriends: match.mutualFriends,
        isFriend,
        hasPendingRequest,
        canSendRequest: !isFriend && !hasPendingRequest,
        relevanceScore: match.relevance,
      },
    ];
  });
}

/** People search as `/users` ranks it, with each member's relation to the caller. */
export async function searchPeopleFor(
  db: Db,
  userId: string,
  query: string,
): Promise<SearchResult[]> {
  return toSearchResults(db, userId, await rankPeople(db, userId, query, PEOPLE_SEARCH_LIMIT.max));
}

/**
 * Friends of friends the caller is not yet friends with, by how many friends they share.
 *
 * A friendship has a row for each side, so a friend's friends are read from the friend's own
 * rows (the primary key's range for them, index only) and counted per member before anything
 * else is asked of them; sorted by that count, each member's row is then read, and the policy
 * asked, only as far as the page needs (an incremental sort orders each count's members by
 * name). Reading the friends' friends through `friendships_friend` instead, with the policy asked
 * for every pair, scanned the whole table: 446 ms for a member with 104 friends among 10,000
 * members, 12 ms now (docs/performance.md, "Friend suggestions from the friends' own rows").
 */
export async function suggestFriends(db: Db, userId: string): Promise<SearchResult[]> {
  const { rows } = await sql<{ id: string; mutual: number }>`
    select c.id, c.mutual
    from (
      select theirs.friend_id as id, count(*)::int as mutual
      from friendships mine
      join friendships theirs on theirs.user_id = mine.friend_id
      where mine.user_id = ${userId} and theirs.friend_id <> ${userId}
      group by theirs.friend_id
      order by mutual desc
      offset 0) c
    join users u on u.id = c.id
    where not exists (
        select 1 from friendships f where f.user_id = ${userId} and f.friend_id = c.id)
      and ${findableBy(sql.ref('u.id'), member(userId))}
    order by c.mutual desc, lower(u.username)
    limit ${SUGGESTIONS_LIMIT}`.execute(db);
  return toSearchResults(
    db,
    userId,
    rows.map((row) => ({ id: row.id, relevance: row.mutual, mutualFriends: row.mutual })),
  );
}
