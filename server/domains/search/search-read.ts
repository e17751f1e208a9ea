import { sql } from 'kysely';
import type { Community } from '../../../shared/communities';
import type { Post } from '../../../shared/posts';
import type { Person } from '../../../shared/social';
import {
  SEARCH_LIMITS,
  searchWordsOf,
  tagPrefixOf,
  type SearchPage,
  type SearchQuery,
  type SearchSuggestions,
  type TagHit,
} from '../../../shared/search';
import type { Db } from '../../db/schema';
import { qb, statement, type Statement } from '../../db/statement';
import { readWithin, SEARCH_TIMEOUT_MS } from '../../db/time-limited';
import { presentCommunity, type CommunityRow } from '../communities/community-presenter';
import { escapeLike, searchCommunityCards } from '../communities/community-read';
import { readPeople } from '../people/people-read';
import { rankPeople } from '../people/people-search';
import { presentPost, type PostRow } from '../posts/post-presenter';
import { visiblePostRows } from '../posts/posts-read';
import { member, postVisible } from '../relations/relations-policy';
import { hasFewMatches } from './few-matches';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';

/** Whether the words match few enough documents to read every match (few-matches.ts). */
type FewMatches = (db: Db, words: string) => Promise<boolean>;

type Rows = Record<string, unknown>[];

/** A read of one kind: its statement, or none when the text cannot match that kind at all. */
interface KindRead<T> {
  statement: Statement | null;
  pick: (rows: Rows) => { items: T[]; next: (string | number)[] | null };
}

/** The first `limit` of `take = limit + 1` rows, and the sort values of the last when more follow. */
function pageOf<R, T>(
  rows: R[],
  limit: number,
  present: (row: R) => T,
  keyOf: (row: R) => (string | number)[],
) {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(present),
    next: rows.length > limit && last !== undefined ? keyOf(last) : null,
  };
}

type PostHit = PostRow & { search_at: string };

/**
 * Published posts the reader may see (the relations policy's `postVisible`, as every post list)
 * whose stored search document holds every word of the text (stemmed), newest first by
 * the document's `(created_at, post_id)`, keyset after `after`. For a common word Postgres walks
 * `post_search_created` backwards and stops at the page's end; for words with few matches
 * (`fewMatches`, few-matches.ts) every match is read from the GIN index and sorted by time in a
 * subquery kept apart from the outer query (`offset 0`), so that the planner cannot walk instead;
 * the outer query asks the policy of the sorted matches in order and stops at the page's end,
 * not of every match (docs/performance.md, "Search").
 */
function postsRead(
  readerId: string,
  words: string | null,
  limit: number,
  after: { at: string; id: string } | null,
  fewMatches: boolean,
): KindRead<Post> {
  if (words === null) return { statement: null, pick: () => ({ items: [], next: null }) };
  const fence = fewMatches ? sql`order by created_at desc, post_id desc offset 0` : sql``;
  const matches = sql<{ post_id: string; created_at: Date }>`(select post_id, created_at
    from post_search where document @@ to_tsquery('english', ${words}) ${fence})`.as('s');
  const query = visiblePostRows(qb, readerId)
    .innerJoin(matches, (join) => join.onRef('s.post_id', '=', 'p.id'))
    // The document's time to the microsecond, as text: a JS Date keeps milliseconds, and a
    // cursor cut to them would skip the posts later in the same millisecond.
    .select(
      sql<string>`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'search_at',
      ),
    )
    .where('p.status', '=', 'published')
    .$if(after !== null, (b) =>
      b.where(
        sql<boolean>`(s.created_at, s.post_id) < (${after!.at}::timestamptz, ${after!.id}::uuid)`,
      ),
    )
    .orderBy('s.created_at', 'desc')
    .orderBy('s.post_id', 'desc')
    .limit(limit + 1);
  return {
    statement: statement(query),
    pick: (rows) =>
      pageOf(rows as unknown as PostHit[], limit, presentPost, (row) => [row.search_at, row.id]),
  };
}

function communitiesRead(
  readerId: string,
  q: string,
  limit: number,
  after: { name: string; id: string } | null,
): KindRead<Community> {
  return {
    statement: statement(searchCommunityCards(readerId, q, limit + 1, after)),
    pick: (rows) =>
      pageOf(rows as unknown as CommunityRow[], limit, presentCommunity, (row) => [
        row.name,
        row.id,
      ]),
  };
}

/**
 * Tags beginning with the text, by name, keyset after `after`, each only when the reader may see
 * at least one published post with it. A tag that only friends-only, private, removed or blocked
 * authors' posts carry is never named to someone who cannot see those posts: its name alone
 * would tell them what was written there. The distinct names are read by a skip scan of
 * `post_hashtags_tag_prefix` (one index probe per tag, not one per post), and each tag's posts
 * through `post_hashtags_tag_feed`, newest first, until one passes the policy.
 */
function tagsRead(readerId: string, q: string, limit: number, after: string): KindRead<TagHit> {
  const prefix = tagPrefixOf(q);
  if (prefix === null) return { statement: null, pick: () => ({ items: [], next: null }) };
  const pattern = `${escapeLike(prefix)}%`;
  const next = (from: ReturnType<typeof sql.ref> | string) => sql`(select h.tag from post_hashtags h
    where h.feed_seq is not null and (h.tag collate "C") like ${pattern}
      and (h.tag collate "C") > (${from} collate "C")
    order by (h.tag collate "C") limit 1)`;
  const query = sql<{ tag: string }>`with recursive t(tag) as (
      select ${next(after)}
      union all
      select ${next(sql.ref('t.tag'))} from t where t.tag is not null)
    select t.tag from t
    where t.tag is not null and exists (
      select 1 from post_hashtags v join posts p on p.id = v.post_id
      where v.tag = t.tag and v.feed_seq is not null and p.status = 'published'
        and ${postVisible('p', member(readerId))})
    limit ${limit + 1}`;
  return {
    statement: statement(query),
    pick: (rows) =>
      pageOf(
        rows as { tag: string }[],
        limit,
        (row) => ({ tag: row.tag }),
        (row) => [row.tag],
      ),
  };
}

/** The kinds read by statements, sent together in one time-limited pipeline. */
async function readKinds(db: Db, reads: KindRead<unknown>[]) {
  const sent = reads.filter((read) => read.statement !== null);
  const results = sent.length
    ? await readWithin(
        db,
        SEARCH_TIMEOUT_MS,
        sent.map((read) => read.statement!),
      )
    : [];
  return reads.map((read) => {
    const index = sent.indexOf(read);
    return read.pick(index < 0 ? [] : results[index]!.rows);
  });
}

/** The words posts are searched for, and whether they match few enough to read every match. */
async function postWordsOf(db: Db, q: string, fewMatches: FewMatches) {
  const words = searchWordsOf(q);
  return { words, few: words !== null && (await fewMatches(db, words)) };
}

/** People ranked as `/users?q=` ranks them (`rankPeople`, which keeps the privacy rules). */
async function rankedPeople(db: Db, readerId: string, q: string, from: number, limit: number) {
  const ranked = await rankPeople(
    db,
    readerId,
    q,
    Math.min(from + limit + 1, SEARCH_LIMITS.peopleRanked),
  );
  const ids = ranked.slice(from, from + limit).map((match) => match.id);
  const people = await readPeople(db, readerId, ids);
  const items = ids.map((id) => people.get(id)).filter((p): p is Person => p !== undefined);
  const more = ranked.length > from + limit;
  return { items, next: more ? [from + limit] : null };
}

/** A few best hits of each kind, each by its own visibility rules. */
export async function readSuggestions(
  db: Db,
  readerId: string,
  q: string,
  fewMatches: FewMatches = hasFewMatches,
): Promise<SearchSuggestions> {
  const limit = SEARCH_LIMITS.suggestions;
  const { words, few } = await postWordsOf(db, q, fewMatches);
  const [people, [posts, communities, tags]] = await Promise.all([
    rankedPeople(db, readerId, q, 0, limit),
    readKinds(db, [
      postsRead(readerId, words, limit, null, few),
      communitiesRead(readerId, q, limit, null),
      tagsRead(readerId, q, limit, ''),
    ]),
  ]);
  return {
    people: people.items,
    posts: posts!.items as Post[],
    communities: communities!.items as Community[],
    tags: tags!.items as TagHit[],
  };
}

/** One tab of results, keyset-paged by an opaque cursor (people: by position in the ranking). */
export async function readSearchPage(
  db: Db,
  readerId: string,
  query: SearchQuery,
  fewMatches: FewMatches = hasFewMatches,
): Promise<SearchPage> {
  const { q, type, cursor, limit } = query;
  const cursorOf = (next: (string | number)[] | null) =>
    next === null ? null : encodeSearchCursor(type, next);
  switch (type) {
    case 'people': {
      const [from] = cursor ? decodeSearchCursor(type, cursor, ['position']) : [0];
      const page = await rankedPeople(db, readerId, q, from, limit);
      return { type, items: page.items, nextCursor: cursorOf(page.next) };
    }
    case 'posts': {
      const after = cursor ? decodeSearchCursor(type, cursor, ['time', 'uuid']) : null;
      const { words, few } = await postWordsOf(db, q, fewMatches);
      const [page] = await readKinds(db, [
        postsRead(readerId, words, limit, after && { at: after[0], id: after[1] }, few),
      ]);
      return { type, items: page!.items as Post[], nextCursor: cursorOf(page!.next) };
    }
    case 'communities': {
      const after = cursor ? decodeSearchCursor(type, cursor, ['text', 'uuid']) : null;
      const [page] = await readKinds(db, [
        communitiesRead(readerId, q, limit, after && { name: after[0], id: after[1] }),
      ]);
      return { type, items: page!.items as Community[], nextCursor: cursorOf(page!.next) };
    }
    case 'tags': {
      const [after] = cursor ? decodeSearchCursor(type, cursor, ['text']) : [''];
      const [page] = await readKinds(db, [tagsRead(readerId, q, limit, after)]);
      return { type, items: page!.items as TagHit[], nextCursor: cursorOf(page!.next) };
    }
  }
}
