import { sql, type RawBuilder } from 'kysely';
import { TRENDING_WINDOW_HOURS, type Trending, type TrendingWindow } from '../../../shared/posts';
import type { Db } from '../../db/schema';
import { presentPost, type PostRow } from './post-presenter';
import { visiblePostRows } from './posts-read';

/**
 * How many of the window's best-scored posts, the same for every viewer, a trending page is
 * first looked for among. A viewer who may see fewer than a page of them is answered from the
 * whole window instead.
 */
const TRENDING_CANDIDATES = 1_000;

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
  sql<number>`(r.likes_count + 2 * r.comments_count + 3 * r.shares_count)::float8
    / power(greatest(extract(epoch from (${now}::timestamptz - r.published_at))::float8 / 3600, 0)
      + 2, 1.5)`;

interface Ranked {
  id: string;
  score: number;
  published_at: Date;
}

/**
 * The window's published posts in trending order, whoever reads: highest score, then newest,
 * then by id, so that the order is total and any prefix of it is the same prefix every time.
 * The window is a range of `published_at`, which the `posts_published` index answers.
 */
const ranked = (since: Date, now: Date, first: number | null): RawBuilder<Ranked> =>
  sql<Ranked>`(select r.id, ${scoreAt(now)} as score, r.published_at
    from posts r
    where r.status = 'published' and r.published_at >= ${since}
    order by score desc, r.published_at desc, r.id desc
    ${first === null ? sql`offset 0` : sql`limit ${first}`})`;

/**
 * Trending (001 §2): the published posts of the window that the viewer may see, strangers'
 * public posts included, highest score first, then newest.
 *
 * The order does not depend on the viewer, only what they may see does. So the page is the
 * first `limit` posts the viewer may see in the window's order: looked for among the window's
 * best `TRENDING_CANDIDATES` (a bounded sort of the window, then the policy asked post by post
 * until the page is full), and, when fewer than a page of those may be seen, in the whole
 * window. Both give the same page whenever the first finds a full one, since the candidates
 * are the order's first posts. Asking the policy about every post of the window before sorting
 * them took about twice as long for a day's 17,000 posts (docs/performance.md, "Trending from
 * the window's best posts").
 */
export async function readTrending(
  db: Db,
  viewerId: string,
  query: { window: TrendingWindow; limit: number },
  now = new Date(),
  candidates = TRENDING_CANDIDATES,
): Promise<Trending> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_HOURS[query.window] * 3_600_000);
  const page = (first: number | null) =>
    visiblePostRows(db, viewerId)
      .innerJoin(ranked(since, now, first).as('t'), 't.id', 'p.id')
      .orderBy('t.score', 'desc')
      .orderBy('t.published_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.limit)
      .execute() as Promise<PostRow[]>;
  let rows = await page(candidates);
  if (rows.length < query.limit) rows = await page(null);
  return { window: query.window, posts: rows.map(presentPost) };
}
