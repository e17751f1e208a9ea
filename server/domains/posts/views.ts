import { sql } from 'kysely';
import { appendTo, defineCommand } from '../../core/command';
import { systemContext } from '../../core/context';
import { rows, streamVersionSql } from '../../core/reads';
import { processViewBatcher, ViewBatcher } from '../../core/view-batcher';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { visibleToViewer } from './posts-read';
import { postViewsStreamId } from './streams';

/** One member's views of one post count once in this long. */
export const VIEW_WINDOW_MS = 30 * 60_000;

/**
 * Adds counted views to posts: one `PostViewed` per post with its count, on the post's views
 * stream at the version read (two processes writing one post's views meet there and the loser
 * reads again). A post deleted meanwhile is left out.
 */
export const recordPostViews = defineCommand({
  name: 'posts.views',
  load: (input: { views: readonly { postId: string; views: number }[] }) => ({
    posts: rows(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id',
          streamVersionSql(sql`${postViewsStreamId('')} || p.id::text`).as('version'),
        ])
        .where(sql<boolean>`p.id = any(${input.views.map((v) => v.postId)}::uuid[])`),
    ),
  }),
  decide({ posts }, { views }) {
    const counts = new Map(views.map((v) => [v.postId, v.views]));
    return {
      appends: posts.flatMap((post) => {
        const count = counts.get(post.id) ?? 0;
        return count > 0
          ? [
              appendTo(postViewsStreamId(post.id), post.version, [
                { type: 'PostViewed', data: { postId: post.id, views: count } },
              ]),
            ]
          : [];
      }),
    };
  },
});

/**
 * Post views: a member's views of a post count once per `VIEW_WINDOW_MS` in a process, their
 * author's never (the route's rule), written as one `PostViewed` per post.
 */
export const postViews = processViewBatcher(
  (commands) =>
    new ViewBatcher({
      windowMs: VIEW_WINDOW_MS,
      write: (counts) =>
        commands.run(
          recordPostViews,
          { views: counts.map(({ id, count }) => ({ postId: id, views: count })) },
          systemContext(),
        ),
    }),
);

/** The author of a post `viewerId` may see, if there is one: whether and whose view it is. */
export async function readViewedPost(
  db: Db,
  postId: string,
  viewerId: string,
): Promise<{ author_id: string } | undefined> {
  return db
    .selectFrom('posts as p')
    .select('p.author_id')
    .where('p.id', '=', postId)
    .where(visibleToViewer(viewerId))
    .executeTakeFirst();
}
