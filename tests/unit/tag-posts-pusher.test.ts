import type { Server } from 'socket.io';
import type { Db } from '../../server/db/schema';
import { createTagPostsPusher } from '../../server/domains/hashtags/tag-posts-pusher';
import { storedEvent as event } from '../support/stored-event';

/** A server with one tag page open, which counts how often its rooms are listed. */
function watchedServer() {
  const reads = { rooms: 0 };
  const rooms = new Map([['tag:harbour', new Set(['s1'])]]);
  const io = {
    sockets: {
      adapter: {
        get rooms() {
          reads.rooms += 1;
          return rooms;
        },
      },
      sockets: new Map(),
    },
  };
  return { io: io as unknown as Server, reads };
}

/** A database that must not be asked anything. */
const untouchedDb = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the database was used (${String(property)})`);
    },
  },
) as Db;

describe('the tag pages pusher', () => {
  it('lists no room and reads nothing for a batch that publishes no post', async () => {
    const { io, reads } = watchedServer();
    await createTagPostsPusher().push(
      [
        event('PostLiked', { postId: 'p1', userId: 'u1' }),
        event('MessageSent', { conversationId: 'c1', messageId: 'm1' }),
      ],
      io,
      untouchedDb,
    );
    expect(reads.rooms).toBe(0);
  });

  it('still looks for open tag pages when the batch publishes a post', async () => {
    const { io, reads } = watchedServer();
    await expect(
      createTagPostsPusher().push([event('PostPublished', { postId: 'p1' })], io, untouchedDb),
    ).rejects.toThrow('the database was used');
    expect(reads.rooms).toBeGreaterThan(0);
  });
});
