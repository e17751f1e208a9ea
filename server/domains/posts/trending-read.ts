import { sql } from 'kysely';
import { TRENDING_WINDOW_HOURS, type Trending, type TrendingWindow } from '../../../shared/posts';
import type { Db } from '../../db/schema';
import { presentPost, type PostRow } from './post-presenter';
import { visiblePostRows } from './posts-read';

/**
 * A post's trending score at `now`:
 *
 *   score = (likes + 2 × comments + 3 × shares) / (age in hours + 2) ^ 1.5
 *
 * A comment counts twice a like and a share three times (each asks more of the member). The
 * power makes a day-old post need about 47 times the engagement of one just published to stand
 * level with it, and the 2 hours keep a minutes-old post from dividing by almost nothing. An
 * age below zero (another process's clock ahead of this one's) counts as zero.
 */
const scoreAt = (now: Date) =>
  sql<number>`(p.likes_count + 2 * p.comments_count + 3 * p.shares_count)::float8
    / power(greatest(extract(epoch from (${now}::timestamptz - p.published_at))::float8 / 3600, 0)
      + 2, 1.5)`;

/**
 * Trending (001 §2): the published posts of the window that the viewer may see, strangers'
 * public posts included, highest score first, then newest. The window is a range of
 * `published_at`, which the `posts_published` index answers, so only that window's posts are
 * scored.
 */
export async function readTrending(
  db: Db,
  viewerId: string,
  query: { window: TrendingWindow; limit: number },
  now = new Date(),
): Promise<Trending> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_HOURS[query.window] * 3_600_000);
  const rows = (await visiblePostRows(db, viewerId)
    .where('p.status', '=', 'published')
    .where('p.published_at', '>=', since)
    .orderBy(scoreAt(now), 'desc')
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit)
    .execute()) as PostRow[];
  return { window: query.window, posts: rows.map(presentPost) };
}
