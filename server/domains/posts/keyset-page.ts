import { sql } from 'kysely';
import type { FeedPage } from '../../../shared/posts';
import { decodeCursor, encodeCursor } from './cursor';
import { presentPost, type PostRow } from './post-presenter';
import type { visiblePostRows } from './posts-read';

/**
 * One page of a list of published posts, newest first, by keyset on (published_at, id): the rows
 * after `cursor`, and the cursor of the next page when there is one.
 */
export async function keysetPostPage(
  select: ReturnType<typeof visiblePostRows>,
  query: { limit: number; cursor?: string | undefined },
): Promise<FeedPage> {
  let paged = select;
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    paged = paged.where(sql<boolean>`(p.published_at, p.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const found = (await paged
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit + 1)
    .execute()) as PostRow[];
  const rows = found.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    posts: rows.map(presentPost),
    nextCursor:
      found.length > query.limit && last ? encodeCursor(last.published_at!, last.id) : null,
  };
}
