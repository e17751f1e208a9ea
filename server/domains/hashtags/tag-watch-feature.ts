import { z } from 'zod';
import { HASHTAG_SOCKET_EVENTS, parseHashtag, TAGS_WATCHED_MAX } from '../../../shared/hashtags';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { watchRooms } from '../../realtime/watch-rooms';

/** A socket watching a tag page is in its room (this process's rooms only). */
export const tagWatchRooms = watchRooms('tag:');

const watchTagsSchema = z.strictObject({
  tags: z.array(z.string().max(400)).max(TAGS_WATCHED_MAX),
});

/**
 * `tags:watch`: a socket names the tags of its open tag pages. Anyone may watch any tag: what a
 * push carries is decided per member at each push (tag-posts-pusher.ts).
 */
export function createTagWatchFeature({ logger }: Pick<ListenDeps, 'logger'>): SocketFeature {
  return createWatchFeature({
    name: 'tag-watch',
    event: HASHTAG_SOCKET_EVENTS.watch,
    parse(payload) {
      const tags = watchTagsSchema.safeParse(payload).data?.tags;
      if (!tags) return null;
      const parsed = tags.map(parseHashtag);
      return parsed.every((p) => 'tag' in p) ? parsed.map((p) => p.tag) : null;
    },
    invalid: `A watch is { tags }: at most ${TAGS_WATCHED_MAX} tags`,
    allowed: (_userId, tags) => Promise.resolve(tags),
    rooms: tagWatchRooms,
    logger,
  });
}
