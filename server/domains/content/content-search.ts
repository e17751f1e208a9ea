import { sql, type RawBuilder } from 'kysely';
import {
  CONTENT_SEARCH_WINDOW,
  type ContentPage,
  type ContentSearchQuery,
} from '../../../shared/content';
import type { Db } from '../../db/schema';
import { qb, statement } from '../../db/statement';
import { readWithin, SEARCH_TIMEOUT_MS } from '../../db/time-limited';
import { presentContent, type ContentRow } from './content-presenter';
import { contentColumns, contentReadable, filterSql, type ContentFilters } from './content-read';

type Order = 'relevance' | NonNullable<ContentSearchQuery['sort']>;

/** How the window's matches are put in order for the page, most relevant first by default. */
const PAGE_ORDERS: Record<Order, RawBuilder<unknown>> = {
  relevance: sql`hit.rank desc, hit.created_at desc, hit.post_id desc`,
  newest: sql`hit.created_at desc, hit.post_id desc`,
  oldest: sql`hit.created_at asc, hit.post_id asc`,
  popular: sql`hit.popularity desc, hit.created_at desc, hit.post_id desc`,
};

/**
 * Where the window's matches come from, as the post `p` the policy and the filters read. The
 * search document carries the columns the policy reads (`post_search`), so a search that needs
 * no other column of the post judges each match without a `posts` lookup; a sort by popularity
 * or a filter by type, tag or category joins the post itself (docs/performance.md, "The
 * policy's columns beside the search document").
 */
function matchesSource(f: ContentFilters, order: Order) {
  if (order === 'popular' || f.type || f.tag || f.category) {
    return sql`post_search s join posts p on p.id = s.post_id`;
  }
  return sql`post_search s cross join lateral (select s.post_id as id, s.author_id, s.visibility,
    s.status, s.moderation_state, s.deleted_at, s.created_at) p`;
}

/**
 * The matches a search ranks: the newest `window` (`CONTENT_SEARCH_WINDOW`) the reader may read (the oldest
 * for `oldest`), newest first by the search document's own index. For a common word Postgres
 * walks that index and stops once the window is full; for a rare one it reads the GIN index and
 * sorts the few matches. Either way the work is bounded by the window, not by how many posts
 * hold the word (docs/performance.md, "Search").
 */
function windowSql(readerId: string, q: string, f: ContentFilters, order: Order, window: number) {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const direction = order === 'oldest' ? sql`asc` : sql`desc`;
  const popularity =
    order === 'popular'
      ? sql`, (p.likes_count + 2 * p.comments_count + 3 * p.shares_count + p.views_count)
          as popularity`
      : sql``;
  return sql`select s.post_id, s.created_at, ts_rank(s.document, ${tsquery}) as rank ${popularity}
    from ${matchesSource(f, order)}
    where s.document @@ ${tsquery} and ${contentReadable(readerId)} and ${filterSql(f)}
    order by s.created_at ${direction}, s.post_id ${direction}
    limit ${window}`;
}

/**
 * One page of a search as one statement: the window read once, its count beside each row of the
 * page, and the page's records as `contentRows` presents them. The window holds only what the
 * reader may read, in the same snapshot, so the page's rows are not judged a second time: the
 * policy planned once instead of twice is a good part of a rare word's cost (docs/performance.md).
 */
export function searchPageQuery(
  readerId: string,
  query: ContentSearchQuery,
  window = CONTENT_SEARCH_WINDOW,
) {
  const { q, sort, page, limit, ...f } = query;
  const order: Order = sort ?? 'relevance';
  const hits = sql<{ post_id: string; total: number }>`(
    with window_hits as materialized (${windowSql(readerId, q, f, order, window)})
    select hit.*, (select count(*) from window_hits)::int as total
    from window_hits hit
    order by ${PAGE_ORDERS[order]}
    limit ${limit} offset ${(page - 1) * limit})`;
  return contentColumns(qb, readerId)
    .innerJoin(hits.as('hit'), (join) => join.onRef('hit.post_id', '=', 'p.id'))
    .select('hit.total')
    .orderBy(PAGE_ORDERS[order]);
}

/**
 * Full-text search over title (weight A), tags (B) and content (C), the query read as a web
 * search (quotes, `or`, `-`): among the window's matches, most relevant (`ts_rank`) first, then
 * newest, unless a sort is asked for. `total` counts the window. Postgres stops a search that
 * takes longer than `SEARCH_TIMEOUT_MS`, answered `503 search-timeout`.
 */
export async function searchContent(
  db: Db,
  readerId: string,
  query: ContentSearchQuery,
  window = CONTENT_SEARCH_WINDOW,
): Promise<ContentPage> {
  const offset = (query.page - 1) * query.limit;
  const [found] = await readWithin(db, SEARCH_TIMEOUT_MS, [
    statement(searchPageQuery(readerId, query, window)),
  ]);
  const rows = found!.rows as unknown as (ContentRow & { total: number })[];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // A page past the last one: only the count says how many there were.
    const { q, sort, page: _page, limit: _limit, ...f } = query;
    const matches = windowSql(readerId, q, f, sort ?? 'relevance', window);
    const [counted] = await readWithin(db, SEARCH_TIMEOUT_MS, [
      statement(sql`select count(*)::int as total from (${matches}) w`),
    ]);
    total = (counted!.rows[0] as { total: number }).total;
  }
  return { content: rows.map(presentContent), total, hasMore: offset + rows.length < total };
}
