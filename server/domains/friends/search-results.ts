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

/** Friends of friends the caller is not yet friends with, by how many friends they share. */
export async function suggestFriends(db: Db, userId: string): Promise<SearchResult[]> {
  const { rows } = await sql<{ id: string; mutual: number }>`
    select u.id, count(*)::int as mutual
    from friendships mine
    join friendships theirs on theirs.friend_id = mine.friend_id
    join users u on u.id = theirs.user_id
    where mine.user_id = ${userId} and ${findableBy(sql.ref('u.id'), member(userId))}
      and not exists (
        select 1 from friendships f where f.user_id = ${userId} and f.friend_id = u.id)
    group by u.id, u.username
    order by mutual desc, lower(u.username)
    limit ${SUGGESTIONS_LIMIT}`.execute(db);
  return toSearchResults(
    db,
    userId,
    rows.map((row) => ({ id: row.id, relevance: row.mutual, mutualFriends: row.mutual })),
  );
}
