import type { NewEvent } from '../../../shared/events';
import type { ContentType } from '../../../shared/content/schemas';
import type { PatchPost } from '../../../shared/posts';
import type { Statement } from '../../db/statement';
import { first, mapRead, type Read } from '../../core/reads';
import { qb } from '../../db/statement';
import { editEvents } from '../posts/commands';
import { feedOrderLock } from '../posts/feed-order';
import { ownMediaGuard } from '../posts/post-media';
import { presentPost, type PostRow } from '../posts/post-presenter';
import { postRows } from '../posts/posts-read';
import type { HistoryPostState } from './access';

/**
 * The events and guards that bring a post to earlier fields, by the posts domain's own rules:
 * publishing checks the post as it will be (a blank title is refused), a first publication is
 * its own `PostPublished` under the feed-order lock, and the files must still be the author's.
 * Nothing is appended when the post already says exactly that.
 */
export function restoreEvents(
  post: HistoryPostState,
  patch: PatchPost & { contentType?: ContentType },
): { events: NewEvent[]; guards: Statement[] } {
  const events = editEvents(post, patch);
  return {
    events,
    guards: [
      ...(events.some((e) => e.type === 'PostPublished') ? [feedOrderLock()] : []),
      ...ownMediaGuard(post.author_id, patch.mediaIds),
    ],
  };
}

/**
 * The post as it reads after the write, for its author or an owner: not through the audience
 * rule, since an owner restores posts that are not theirs to read.
 */
export function restoredPostReply(
  postId: string,
  actorId: string,
): Read<ReturnType<typeof presentPost> | null> {
  return mapRead(first(postRows(qb, actorId).where('p.id', '=', postId)), (row) =>
    row ? presentPost(row as PostRow) : null,
  );
}
