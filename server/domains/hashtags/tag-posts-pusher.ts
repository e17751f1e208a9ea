import { sql } from 'kysely';
import {
  HASHTAG_SOCKET_EVENTS,
  hashtagsIn,
  type TagPostPayload,
  type TagFollowState,
} from '../../../shared/hashtags';
import type { ActiveSession } from '../../core/session';
import { userRoom, type Pusher } from '../../realtime/pusher';
import { postVisible } from '../relations/relations-policy';
import { tagWatchRooms } from './tag-watch-feature';

/**
 * `tag:post` after a post's first publication, for each of its tags, to this process's sockets
 * watching that tag's page whose member may see the post (the relations policy, read after
 * commit): a friends-only post reaches only friends' open pages, a private one nobody's. The
 * author's own page has it from their answer.
 */
export function createTagPostsPusher(): Pusher {
  return {
    name: 'hashtags-posts',
    async push(events, io, db) {
      const published = events.flatMap((event) =>
        event.type === 'PostPublished' ? [event.data.postId] : [],
      );
      // Most batches publish nothing (likes, badges, messages): the rooms are not even listed.
      if (published.length === 0) return;
      // Most processes have no tag page open: then no post is read back to find its tags.
      const tagRoom = tagWatchRooms.room('');
      const anyTagPageOpen = [...io.sockets.adapter.rooms.keys()].some((room) =>
        room.startsWith(tagRoom),
      );
      if (!anyTagPageOpen) return;
      for (const postId of published) {
        const watchers = new Map<string, { socketId: string; userId: string; tag: string }[]>();
        const { rows: posts } = await sql<{ content: string; published_at: Date }>`
          select content, published_at from posts where id = ${postId}::uuid`.execute(db);
        const post = posts[0];
        if (!post) continue;
        for (const tag of hashtagsIn(post.content)) {
          for (const socketId of io.sockets.adapter.rooms.get(tagWatchRooms.room(tag)) ?? []) {
            const session = io.sockets.sockets.get(socketId)?.data.session as
              ActiveSession | undefined;
            if (!session) continue;
            const list = watchers.get(session.userId) ?? [];
            list.push({ socketId, userId: session.userId, tag });
            watchers.set(session.userId, list);
          }
        }
        if (watchers.size === 0) continue;
        const { rows } = await sql<{ user_id: string }>`
          select v.user_id from unnest(${[...watchers.keys()]}::uuid[]) as v(user_id)
          join posts p on p.id = ${postId}::uuid
          where v.user_id <> p.author_id and ${postVisible('p', sql.ref('v.user_id'))}`.execute(db);
        for (const { user_id } of rows) {
          for (const watcher of watchers.get(user_id) ?? []) {
            const payload: TagPostPayload = {
              tag: watcher.tag,
              postId,
              publishedAt: post.published_at.toISOString(),
            };
            io.local.to(watcher.socketId).emit(HASHTAG_SOCKET_EVENTS.post, payload);
          }
        }
      }
    },
  };
}

/**
 * `tag:followed` to every tab of the member who followed or unfollowed a tag: the absolute state
 * with the version of their follow's stream, so a tab keeps the newest.
 */
export function createTagFollowsPusher(): Pusher {
  return {
    name: 'hashtags-follows',
    async push(events, io) {
      for (const event of events) {
        if (event.type !== 'TagFollowed' && event.type !== 'TagUnfollowed') continue;
        const state: TagFollowState = {
          tag: event.data.tag,
          following: event.type === 'TagFollowed',
          version: event.streamVersion,
        };
        io.local.to(userRoom(event.data.userId)).emit(HASHTAG_SOCKET_EVENTS.followed, state);
      }
      await Promise.resolve();
    },
  };
}
