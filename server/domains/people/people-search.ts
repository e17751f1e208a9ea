import { sql, type RawBuilder } from 'kysely';
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

interface Needle {
  /** The text, trimmed and in lower case. */
  text: string;
  /** `like` patterns: starting with it, and containing it. */
  prefix: string;
  contains: string;
}

type RankedRow = { id: string; tier: number; similarity: number; mutual: number };

/*
 * A match's rank, the same in both readings below: its tier (3 for the exact username, 2 for a
 * username or display name starting with the text, 1 for any other match), then the greater of
 * its two trigram similarities. Rows are `users u`.
 */
const tierOf = (n: Needle) => sql<number>`case when lower(u.username) = ${n.text} then 3
  when lower(u.username) like ${n.prefix} or lower(u.display_name) like ${n.prefix} then 2
  else 1 end`;
const similarityOf = (n: Needle) => sql<number>`greatest(similarity(lower(u.username), ${n.text}),
  similarity(lower(u.display_name), ${n.text}))::float8`;

/** How many of `b`'s friends are the caller's too. */
const mutualFriendsOf = (b: RawBuilder<unknown>, callerId: string) =>
  sql<number>`(select count(*)::int from friendships theirs
    where theirs.user_id = ${b} and theirs.friend_id in (
      select mine.friend_id from friendships mine where mine.user_id = ${callerId}))`;

/**
 * The page from the ranked members in `best`, joined to the statement's one row of verdict:
 * mutual friends counted for those few only, and the final order.
 */
const rankedPage = (callerId: string, limit: number) => sql`left join lateral (
      select b.id, b.tier, b.similarity, b.name,
        ${mutualFriendsOf(sql.ref('b.id'), callerId)} as mutual
      from best b) b on true
    order by b.tier desc, b.similarity desc, b.mutual desc, b.name
    limit ${limit}`;

const matching = (n: Needle) => sql<boolean>`(lower(u.username) like ${n.contains}
  or lower(u.display_name) like ${n.contains}
  or lower(u.username) % ${n.text} or lower(u.display_name) % ${n.text})`;

/**
 * Every match ranked: each member whose username or display name contains the text or is
 * similar to it (`%`, pg_trgm's threshold) gets its tier and similarity, which need nothing but
 * its own row. Only then, best first, is each asked whether the caller may find them, until
 * `limit` are found with every match tied with the last of them (`with ties`), and only those
 * few have their mutual friends counted. Exact whatever the text, but a text that thousands of
 * names hold costs thousands of similarities and their sort. A row with a null id when nothing
 * is found.
 */
export function rankEveryMatch(callerId: string, n: Needle, limit: number) {
  return rankMatched(callerId, n, limit, sql`select u.id from users u where ${matching(n)}`);
}

/**
 * The members matching the text, up to one past `cap`, found by the trigram (GIN) indexes: few
 * for a part of one name. With more than `cap`, `rankPeople` reads the nearest names instead.
 */
export const matchesOf = (n: Needle, cap: number) =>
  sql<{ id: string }>`select u.id from users u where ${matching(n)} limit ${cap + 1}`;

/**
 * `ids`, every member matching the text as `matchesOf` found them, ranked as `rankEveryMatch`
 * ranks them. How many there are and the text's trigrams do not change the best plan (rows by
 * primary key), so Postgres can keep one.
 */
export function rankGiven(callerId: string, n: Needle, limit: number, ids: readonly string[]) {
  return rankMatched(callerId, n, limit, sql`select unnest(${ids}::uuid[]) as id`);
}

function rankMatched(callerId: string, n: Needle, limit: number, matched: RawBuilder<unknown>) {
  // `offset 0` keeps the policy check out of the sort: the outer query reads the sorted matches
  // in order and stops at the last tie. Read by key (`= any`), not `in`: the planner costed a
  // dozen matches as hundreds and hash-joined every member.
  return sql<RankedRow>`
    with matched as materialized (${matched}),
    best as (
      select m.id, m.tier, m.similarity, m.name from (
        select u.id, lower(u.username) as name, ${tierOf(n)} as tier,
          ${similarityOf(n)} as similarity
        from users u
        where u.id = any(array(select id from matched))
        order by tier desc, similarity desc
        offset 0) m
      where ${findableBy(sql.ref('m.id'), member(callerId))}
      order by m.tier desc, m.similarity desc
      fetch first ${limit} rows with ties)
    select b.id, b.tier, b.similarity, b.mutual
    from (values (true)) page(one) ${rankedPage(callerId, limit)}`;
}

/*
 * Similarities are compared with this margin where an unread member's bound comes from the
 * distance order (`<->` is 1 - similarity in single precision): two different similarities of
 * short names are never this close, so a tie can never hide behind rounding.
 */
const SIMILARITY_MARGIN = 1e-6;

/**
 * The same ranking as `rankEveryMatch`, read from the `reach` members nearest the text by
 * username and the `reach` nearest by display name (trigram KNN on the GiST indexes, each
 * stream only over members similar enough to match by `%`). The exact username, similarity 1,
 * comes first by username unless that stream is full of similarity 1, which settles nothing
 * below tier 3. A member read by neither stream has each similarity at most that of its stream's last row (or under
 * the threshold, when a stream ran out), so the greater of the two is bounded, and is under the
 * threshold when it matches only by containing the text. The answer is settled, and returned,
 * when `limit` findable members were read and the last of them ranks strictly above every bound:
 * its tier is 3; or 2 and its similarity beats both streams' last rows; or 1, beats them too,
 * and no member starting with the text (tier 2) was left unread. Then every member tied with it
 * was read, and the rows are those of `rankEveryMatch`. Otherwise `settled` is false, and
 * `widen` says whether a longer reach could settle it (a stream was cut short).
 */
export function rankNearest(callerId: string, n: Needle, limit: number, reach: number) {
  const rest = sql<boolean>`u.id <> all(array(select id from seen))`;
  return sql<RankedRow & { settled: boolean; widen: boolean }>`
    with by_name as materialized (
      select u.id, similarity(lower(u.username), ${n.text})::float8 as s from users u
      where (lower(u.username) collate "C") % ${n.text}
      order by (lower(u.username) collate "C") <-> ${n.text} limit ${reach}),
    by_display as materialized (
      select u.id, similarity(lower(u.display_name), ${n.text})::float8 as s from users u
      where (lower(u.display_name) collate "C") % ${n.text}
      order by (lower(u.display_name) collate "C") <-> ${n.text} limit ${reach}),
    seen as materialized (
      select id from by_name union select id from by_display),
    found as materialized (
      select r.id, r.name, r.tier, r.similarity from (
        select u.id, lower(u.username) as name, ${tierOf(n)} as tier,
          ${similarityOf(n)} as similarity,
          ${findableBy(sql.ref('u.id'), member(callerId))} as findable
        from users u where u.id in (select id from seen)) r
      where r.findable),
    last as (
      select tier, similarity from found order by tier desc, similarity desc
      offset ${limit - 1} limit 1),
    bound as (
      select greatest((select min(s) from by_name having count(*) = ${reach}),
                      (select min(s) from by_display having count(*) = ${reach})) as similarity),
    verdict as (
      select coalesce((
        select l.tier = 3 or (
          l.similarity > coalesce((select similarity from bound), -1) + ${SIMILARITY_MARGIN}
          and (l.tier = 2 or not (
            exists (select 1 from users u where lower(u.username) ^@ ${n.text} and ${rest})
            or exists (select 1 from users u where lower(u.display_name) ^@ ${n.text} and ${rest}))))
        from last l), false) as settled,
        (select count(*) from by_name) = ${reach} or (select count(*) from by_display) = ${reach}
          as widen),
    best as materialized (
      select f.id, f.tier, f.similarity, f.name from found f, last l
      where (f.tier, f.similarity) >= (l.tier, l.similarity)
        and (select settled from verdict))
    select v.settled, v.widen, b.id, b.tier, b.similarity, b.mutual
    from verdict v ${rankedPage(callerId, limit)}`;
}

/**
 * Up to `matches` matches are ranked all together (a part of a name: the trigram indexes find
 * the few cheaply); beyond that the nearest names are read, from the `first` reach widened
 * fourfold up to `widest`, and only when that cannot settle the answer is every match ranked.
 */
export const NEAREST_REACH = { matches: 200, first: 64, widest: 1024 } as const;

export function needleOf(query: string): Needle | null {
  const text = query.trim().toLowerCase();
  if (!text) return null;
  return { text, prefix: `${escapeLike(text)}%`, contains: `%${escapeLike(text)}%` };
}

const toMatch = (row: RankedRow): RankedMatch => ({
  id: row.id,
  relevance: Math.round((row.tier + row.similarity) * 1000) / 1000,
  mutualFriends: row.mutual,
});

/**
 * Members matching `query` ranked: exact username, then a username or display name starting
 * with it, then trigram similarity (containing the text counts as a match), then mutual friends.
 *
 * A text few names hold (a part of one name) has its matches found by the GIN indexes
 * (`matchesOf`, planned for the text) and then all ranked (`rankGiven`, one plan kept). When
 * more match, the nearest names are read
 * (`rankNearest`), widening the reach fourfold while a longer one could settle the answer; what
 * they cannot settle is ranked over every match. Every path gives the same rows. Postgres stops a search that takes longer than `SEARCH_TIMEOUT_MS`
 * (`503 search-timeout`).
 */
export async function rankPeople(
  db: Db,
  callerId: string,
  query: string,
  limit: number,
): Promise<RankedMatch[]> {
  const needle = needleOf(query);
  if (!needle || limit < 1) return [];
  const [matches] = await readWithin(db, SEARCH_TIMEOUT_MS, [
    statement(matchesOf(needle, NEAREST_REACH.matches)),
  ]);
  const ids = matches!.rows.map((row) => (row as { id: string }).id);
  if (ids.length === 0) return [];
  if (ids.length <= NEAREST_REACH.matches) {
    // Planned once: which index finds the matches depends on the text, ranking them does not.
    // Two statements, two snapshots: a member renamed in between is ranked by the new name.
    const [read] = await readWithin(
      db,
      SEARCH_TIMEOUT_MS,
      [statement(rankGiven(callerId, needle, limit, ids))],
      { keepPlans: true },
    );
    return (read!.rows as RankedRow[]).filter((row) => row.id !== null).map(toMatch);
  }
  for (let reach = Math.max(NEAREST_REACH.first, 2 * limit); ; reach *= 4) {
    const [read] = await readWithin(db, SEARCH_TIMEOUT_MS, [
      statement(rankNearest(callerId, needle, limit, reach)),
    ]);
    const rows = read!.rows as (RankedRow & { settled: boolean; widen: boolean })[];
    if (rows[0]?.settled) return rows.map(toMatch);
    if (!rows[0]?.widen || reach >= NEAREST_REACH.widest) break;
  }
  const [every] = await readWithin(db, SEARCH_TIMEOUT_MS, [
    statement(rankEveryMatch(callerId, needle, limit)),
  ]);
  return (every!.rows as RankedRow[]).filter((row) => row.id !== null).map(toMatch);
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
