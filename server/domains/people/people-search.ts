import { sql } from 'kysely';
import type { Db } from '../../db/schema';
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
  const { rows } = await sql<{ id: string; tier: number; similarity: number; mutual: number }>`
    select u.id,
      case when lower(u.username) = ${needle} then 3
           when lower(u.username) like ${prefix} or lower(u.display_name) like ${prefix} then 2
           else 1 end as tier,
      greatest(similarity(lower(u.username), ${needle}),
               similarity(lower(u.display_name), ${needle}))::float8 as similarity,
      (select count(*)::int from friendships mine
         join friendships theirs on theirs.friend_id = mine.friend_id
        where mine.user_id = ${callerId} and theirs.user_id = u.id) as mutual
    from users u
    where ${findableBy(sql.ref('u.id'), member(callerId))}
      and (lower(u.username) like ${contains} or lower(u.display_name) like ${contains}
           or lower(u.username) % ${needle} or lower(u.display_name) % ${needle})
    order by tier desc, similarity desc, mutual desc, lower(u.username)
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    relevance: Math.round((row.tier + row.similarity) * 1000) / 1000,
    mutualFriends: row.mutual,
  }));
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
