import { HASHTAG_SOCKET_EVENTS, TAGS_WATCHED_MAX } from '../../../shared/hashtags/live';
import { createWatchSet } from '../../lib/watchSet';

/**
 * The tags of the tag pages open in this tab, told to the server as one list. The live channel
 * loads after the first page, so it is imported when there is something to send.
 */
export const watchedTags = createWatchSet((tags) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(HASHTAG_SOCKET_EVENTS.watch, { tags }),
  );
}, TAGS_WATCHED_MAX);
