import { sql } from 'kysely';
import type { FeedPage } from '../../../shared/posts';
import type { Db } from '../../db/schema';
import { keysetPostPage } from './keyset-page';
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
  return keysetPostPage(
    visiblePostRows(db, viewerId).where('p.status', '=', 'published').where(hasVideo),
    query,
  );
}
