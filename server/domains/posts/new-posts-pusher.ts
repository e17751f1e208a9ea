import { sql } from 'kysely';
import { POSTS_SOCKET_EVENTS, type PostNewPayload } from '../../../shared/posts';
import { emitInSlices } from '../../realtime/emit-in-slices';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { postVisible } from '../relations/relations-policy';
import { readsAuthor } from './home-timeline';
import { newPostAudience } from './new-post-audience';

/**
 * `post:new` after a post's first publication, to the members of its audience with a socket
 * here who may see it (a private post reaches nobody; a block, either way, keeps it from them),
 * naming for those it reaches through a followed tag that tag, as their feed page will.
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
          // Besides the author's readers, the members a followed tag brought it to: their tag
          // timelines hold it by now (the hashtags projection ran in its transaction).
          const { rows } = await sql<{
            user_id: string;
            published_at: Date;
            followed_tag: string | null;
          }>`
            select a.user_id, p.published_at,
              (select min(tt.tag) from tag_timelines tt
               where tt.member_id = a.user_id and tt.feed_seq = p.feed_seq
                 and not ${readsAuthor(sql.ref('a.user_id'), sql.ref('p.author_id'))})
                as followed_tag
            from (${newPostAudience(authorId)}
                  union
                  select tt.member_id from tag_timelines tt
                  join posts tp on tp.feed_seq = tt.feed_seq
                  where tp.id = ${postId}::uuid) a
            join posts p on p.id = ${postId}::uuid
            where a.user_id <> p.author_id and p.published_at is not null
              and ${postVisible('p', sql.ref('a.user_id'))}`.execute(db);
          const here = rows.filter((row) => isHere(io, row.user_id));
          if (here.length === 0) return;
          const publishedAt = here[0]!.published_at.toISOString();
          const byReason = new Map<string | null, typeof here>();
          for (const row of here) {
            byReason.set(row.followed_tag, [...(byReason.get(row.followed_tag) ?? []), row]);
          }
          for (const [followedTag, members] of byReason) {
            const payload: PostNewPayload = {
              postId,
              authorId,
              publishedAt,
              ...(followedTag === null ? {} : { followedTag }),
            };
            await emitInSlices(
              io,
              members.map((row) => userRoom(row.user_id)),
              POSTS_SOCKET_EVENTS.new,
              payload,
            );
          }
        }),
      );
    },
  };
}
