import { sql } from 'kysely';
import type { FeedPage } from '../../../shared/posts';
import type { Db } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { presentPost, type PostRow } from './post-presenter';
import { visiblePostRows } from './posts-read';

/** The post (`p`) has a video among its attached files. */
const hasVideo = sql<boolean>`exists (select 1 from post_media pm
  join files f on f.id = pm.file_id where pm.post_id = p.id and f.kind = 'video')`;

/**
 * The video page's posts (001 §2): published posts with a video that the viewer may see,
 * strangers' public ones included, newest first, by keyset on (published_at, id).
 */
export async function readVideoPosts(
  db: Db,
  viewerId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<FeedPage> {
  let select = visiblePostRows(db, viewerId).where('p.status', '=', 'published').where(hasVideo);
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    select = select.where(sql<boolean>`(p.published_at, p.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const found = (await select
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
