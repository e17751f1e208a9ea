import { sql } from 'kysely';
import {
  POSTS_SOCKET_EVENTS,
  type PostNewPayload,
  type RepostUndonePayload,
} from '../../../shared/posts';
import type { RepostedBy } from '../../../shared/reposts';
import type { Db } from '../../db/schema';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { newPostAudience } from '../posts/new-post-audience';
import { postVisible } from '../relations/relations-policy';

interface Told {
  user_id: string;
  author_id: string;
  published_at: Date;
  reposter: RepostedBy;
}

/**
 * The reposter's friends and followers with a socket here who may see the post: those whose
 * home feed the repost joins (the reposter is not among them; the feed shows the post to its
 * author's readers as to anyone's).
 */
async function audience(db: Db, postId: string, reposterId: string): Promise<Told[]> {
  const { rows } = await sql<Told>`
    select a.user_id, p.author_id, p.published_at,
      json_build_object('id', ru.id, 'username', ru.username, 'displayName', ru.display_name)
        as reposter
    from (${newPostAudience(reposterId)}) a
    join posts p on p.id = ${postId}::uuid
    join users ru on ru.id = ${reposterId}::uuid
    where p.published_at is not null and ${postVisible('p', sql.ref('a.user_id'))}`.execute(db);
  return rows;
}

/**
 * A repost reaches open home feeds as a new post does: `post:new` naming who reposted it and
 * when, to the members whose feed it joins and who may see the post, so it counts in their
 * "N new posts"; its undo (`post:repost-undone`) takes it back out before they load it. Who may
 * see the post is asked of the relations policy for each, as for a new post.
 */
export function createRepostsPusher(): Pusher {
  return {
    name: 'reposts-new',
    async push(events, io, db) {
      const reposts = events.flatMap((event) =>
        event.type === 'PostReposted' || event.type === 'RepostUndone' ? [event] : [],
      );
      // In log order: a repost and its undo in one batch must arrive as they happened.
      for (const event of reposts) {
        const { postId, userId } = event.data;
        const here = (await audience(db, postId, userId)).filter((row) => isHere(io, row.user_id));
        const [first] = here;
        if (!first) continue;
        const rooms = here.map((row) => userRoom(row.user_id));
        if (event.type === 'RepostUndone') {
          const payload: RepostUndonePayload = { postId, repostedById: userId };
          io.local.to(rooms).emit(POSTS_SOCKET_EVENTS.repostUndone, payload);
          continue;
        }
        const payload: PostNewPayload = {
          postId,
          authorId: first.author_id,
          publishedAt: first.published_at.toISOString(),
          repost: { by: first.reposter, at: event.occurredAt.toISOString() },
        };
        io.local.to(rooms).emit(POSTS_SOCKET_EVENTS.new, payload);
      }
    },
  };
}
