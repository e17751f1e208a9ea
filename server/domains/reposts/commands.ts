import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import { postsMessages } from '../../../shared/posts';
import { repostsMessages } from '../../../shared/reposts';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden, invalid } from '../../core/errors';
import { first, mapRead, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import { repostTemplate } from '../email/templates';
import { postNotFound } from '../posts/commands';
import { feedOrderLock } from '../posts/feed-order';
import { postEmail, postEmailContext, postPath } from '../posts/post-notifications';
import { audienceAdmits, visibleToViewer } from '../posts/posts-read';
import { idOrNone } from '../posts/streams';
import { repostStreamId } from './streams';

/**
 * The post as the member may repost it, whether they have, their reposts' version, and what its
 * author's email needs.
 */
function repostRead(postId: string, userId: string) {
  const id = idOrNone(postId);
  return first(
    qb
      .selectFrom('posts as p')
      .select([
        'p.id',
        'p.author_id',
        'p.status',
        'p.allow_sharing',
        visibleToViewer(userId).as('visible'),
        audienceAdmits('share', userId).as('share_admitted'),
        sql<boolean>`exists (select 1 from reposts r
          where r.post_id = p.id and r.member_id = ${userId}::uuid)`.as('reposted'),
        streamVersionSql(sql`${repostStreamId(id, userId)}`).as('version'),
        postEmailContext(id, userId, 'repost', repostTemplate.name).as('email'),
      ])
      .where('p.id', '=', id),
  );
}

export type RepostRead = NonNullable<ReturnType<ReturnType<typeof repostRead>['pick']>>;

/** The post's reposts for the member, read back after the write: absolute and versioned. */
const repostState = (postId: string, userId: string) =>
  mapRead(
    first(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id as postId',
          'p.reposts_count as reposts',
          'p.version',
          sql<boolean>`exists (select 1 from reposts r
            where r.post_id = p.id and r.member_id = ${userId}::uuid)`.as('repostedByMe'),
        ])
        .where('p.id', '=', postId),
    ),
    (row) => row ?? null,
  );

/**
 * Reposts a post into the member's followers' and friends' home feeds, or takes the repost
 * back; idempotent. Who may repost is who may share (the post is visible to them, published,
 * its author allows sharing and its share audience admits them), as on Mastodon and Bluesky a
 * member may repost their own post too, though nobody is notified of it. A repost sorts in feeds
 * by its log position, so it takes the feed-order lock as publishing does. A member's first
 * repost of the post queues the 'Repost' email to its author, if they turned it on (it is off by
 * default); reposting again after an undo does not send it twice, as with likes.
 */
export const setRepost = defineCommand({
  name: 'reposts.set',
  load: (input: { userId: string; postId: string; repost: boolean; publicUrl: string }) => ({
    post: repostRead(input.postId, input.userId),
  }),
  decide({ post }, { userId, repost, publicUrl }) {
    if (!post || !post.visible) throw postNotFound();
    const reply = repostState(post.id, userId);
    if (post.reposted === repost) return { reply };
    if (repost) {
      if (post.status !== 'published') {
        throw invalid('not-published', repostsMessages.notPublished);
      }
      if (!post.allow_sharing) throw forbidden('sharing-off', postsMessages.sharingOff);
      if (!post.share_admitted) {
        throw forbidden('sharing-not-allowed', postsMessages.sharingNotAllowed);
      }
    }
    const data = { postId: post.id, userId, postAuthorId: post.author_id };
    const event: NewEvent = repost
      ? { type: 'PostReposted', data }
      : { type: 'RepostUndone', data };
    const firstRepost = repost && post.version === 0 && userId !== post.author_id;
    return {
      guards: repost ? [feedOrderLock()] : [],
      appends: [appendTo(repostStreamId(post.id, userId), post.version, [event])],
      effects: firstRepost
        ? postEmail(post.email, ({ actorName, postTitle }) => ({
            reposterName: actorName,
            postTitle,
            postUrl: `${publicUrl}${postPath(post.id)}`,
          }))
        : [],
      reply,
    };
  },
});
