import { POSTS_SOCKET_EVENTS } from '../../../shared/posts';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { readLikesReceived } from './likes-received';

/**
 * `posts:likes-received` to an author whose total may have moved (a like, an unlike, a post
 * deleted), read after commit: one push per author per batch, none for a version already pushed
 * from this process.
 */
export function createLikesReceivedPusher(): Pusher {
  const lastPushed = new Map<string, number>();
  return {
    name: 'posts-likes-received',
    async push(events, io, db) {
      const authors = new Set<string>();
      for (const event of events) {
        if (event.type === 'PostLiked' || event.type === 'PostUnliked') {
          authors.add(event.data.postAuthorId);
        } else if (event.type === 'PostDeleted') {
          authors.add(event.data.authorId);
        }
      }
      const here = [...authors].filter((userId) => {
        const present = isHere(io, userId);
        if (!present) lastPushed.delete(userId);
        return present;
      });
      if (here.length === 0) return;
      for (const [userId, value] of await readLikesReceived(db, here)) {
        if ((lastPushed.get(userId) ?? -1) >= value.version) continue;
        lastPushed.set(userId, value.version);
        io.local.to(userRoom(userId)).emit(POSTS_SOCKET_EVENTS.likesReceived, value);
      }
    },
  };
}
