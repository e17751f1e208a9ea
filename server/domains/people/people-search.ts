import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { readWithin, SEARCH_TIMEOUT_MS } from '../../db/time-limited';
import { findableBy, member, profileReachable } from '../relations/relations-policy';

export interface RankedMatch {
  id: string;
  /** 3 + similarity for an exact username, 2 + for a prefix, 1 + for any other match. */
  relevance: number;
  mutualFriends: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Members matching `query` ranked: exact username, then a username or display name starting
 * with it, then trigram similarity (containing the text counts as a match), then mutual friends.
 *
 * The trigram indexes find the matches; each gets its tier and similarity, which need nothing
 * but its own row. Only then, best first, is each asked whether the caller may find them,
 * until `limit` are found with every match tied with the last of them (`with ties`), and only
 * those few have their mutual friends counted: a short text matching thousands of members
 * costs the sort of their names, not thousands of policy checks and friend-list joins. The
 * order is the same as ranking every match. Postgres stops a search that takes longer than
 * `SEARCH_TIMEOUT_MS` (`503 search-timeout`).
 */
export async function rankPeople(
  db: Db,
  callerId: string,
  query: string,
  limit: number,
): Promise<RankedMatch[]> {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const prefix = `${escapeLike(needle)}%`;
  const contains = `%${escapeLike(needle)}%`;
  // `offset 0` keeps the policy check out of the sort: the outer query reads the sorted matches
  // in order and stops at the last tie.
  const ranked = sql<{ id: string; tier: number; similarity: number; mutual: number }>`
    with best as (
      select m.id, m.tier, m.similarity, m.name from (
        select u.id, lower(u.username) as name,
          case when lower(u.username) = ${needle} then 3
               when lower(u.username) like ${prefix} or lower(u.display_name) like ${prefix} then 2
               else 1 end as tier,
          greatest(similarity(lower(u.username), ${needle}),
                   similarity(lower(u.display_name), ${needle}))::float8 as similarity
        from users u
        where lower(u.username) like ${contains} or lower(u.display_name) like ${contains}
           or lower(u.username) % ${needle} or lower(u.display_name) % ${needle}
        order by tier desc, similarity desc
        offset 0) m
      where ${findableBy(sql.ref('m.id'), member(callerId))}
      order by m.tier desc, m.similarity desc
      fetch first ${limit} rows with ties)
    select b.id, b.tier, b.similarity,
      (select count(*)::int from friendships mine
         join friendships theirs on theirs.friend_id = mine.friend_id
        where mine.user_id = ${callerId} and theirs.user_id = b.id) as mutual
    from best b
    order by b.tier desc, b.similarity desc, mutual desc, b.name
    limit ${limit}`;
  const [found] = await readWithin(db, SEARCH_TIMEOUT_MS, [statement(ranked)]);
  return (found!.rows as { id: string; tier: number; similarity: number; mutual: number }[]).map(
    (row) => ({
      id: row.id,
      relevance: Math.round((row.tier + row.similarity) * 1000) / 1000,
      mutualFriends: row.mutual,
    }),
  );
}

/** The member with exactly this email (any case), if the caller may find them. */
export async function findByEmail(db: Db, callerId: string, email: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    where lower(u.email) = ${email.trim().toLowerCase()} and ${findableBy(sql.ref('u.id'), member(callerId))}`.execute(
    db,
  );
  return rows[0]?.id ?? null;
}

/**
 * The member with exactly this username (any case), if the caller may open their profile: a
 * username is public (it is the profile's URL), so a private member is found too and their page
 * shows what privacy leaves; a block either way or a disabled account reads as nobody.
 */
export async function findByUsername(
  db: Db,
  callerId: string,
  username: string,
): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    where lower(u.username) = ${username.trim().toLowerCase()}
      and ${profileReachable(sql.ref('u.id'), member(callerId))}
    order by u.created_at
    limit 1`.execute(db);
  return rows[0]?.id ?? null;
}
