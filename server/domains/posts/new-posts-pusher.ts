import { sql } from 'kysely';
import { POSTS_SOCKET_EVENTS, type PostNewPayload } from '../../../shared/posts';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { postVisible } from '../relations/relations-policy';
import { newPostAudience } from './new-post-audience';

/**
 * `post:new` after a post's first publication, to the members of its audience with a socket
 * here who may see it (a private post reaches nobody; a block, either way, keeps it from them).
 * The author's own feed has it from their answer.
 */
export function createNewPostsPusher(): Pusher {
  return {
    name: 'posts-new',
    async push(events, io, db) {
      const published = events.flatMap((event) =>
        event.type === 'PostPublished' ? [event.data] : [],
      );
      await Promise.all(
        published.map(async ({ postId, authorId }) => {
          const { rows } = await sql<{ user_id: string; published_at: Date }>`
            select a.user_id, p.published_at
            from (${newPostAudience(authorId)}) a
            join posts p on p.id = ${postId}::uuid
            where a.user_id <> p.author_id and p.published_at is not null
              and ${postVisible('p', sql.ref('a.user_id'))}`.execute(db);
          const here = rows.filter((row) => isHere(io, row.user_id));
          if (here.length === 0) return;
          const payload: PostNewPayload = {
            postId,
            authorId,
            publishedAt: here[0]!.published_at.toISOString(),
          };
          io.local
            .to(here.map((row) => userRoom(row.user_id)))
            .emit(POSTS_SOCKET_EVENTS.new, payload);
        }),
      );
    },
  };
}
