import { z } from 'zod';
import { HASHTAG_SOCKET_EVENTS, tagFollowStateSchema } from '../../../shared/hashtags';
import type { LiveFeature } from '../connection';
import { selectPostById } from '../posts';
import { hashtagsApi, tagFollowReceived } from './hashtagsApi';
import { HASHTAGS_LIVE_FEATURE } from './hashtagsLiveName';
import { newTagPostArrived, newTagPostsShown } from './newTagPostsSlice';
import { watchedTags } from './watchedTags';

const tagPostPayloadSchema = z.object({
  tag: z.string(),
  postId: z.uuid(),
  publishedAt: z.iso.datetime(),
});

/**
 * Pushes for open tag pages (`tags:watch`): a new post with the tag that the member may see
 * waits behind the page's "N new posts"; a follow or unfollow from any of the member's tabs
 * sets the Follow button, newest version first.
 */
export const hashtagsLive: LiveFeature = {
  name: HASHTAGS_LIVE_FEATURE,
  handlers: {
    [HASHTAG_SOCKET_EVENTS.post]: (payload, dispatch, getState) => {
      const parsed = tagPostPayloadSchema.safeParse(payload);
      if (!parsed.success || selectPostById(getState(), parsed.data.postId)) return;
      dispatch(newTagPostArrived({ tag: parsed.data.tag, postId: parsed.data.postId }));
    },
    [HASHTAG_SOCKET_EVENTS.followed]: (payload, dispatch) => {
      const parsed = tagFollowStateSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(tagFollowReceived(parsed.data));
      dispatch(hashtagsApi.util.invalidateTags(['FollowedTags']));
    },
  },
  // Pushes missed while away are lost: open pages load again, and the server hears the tags.
  resync(dispatch) {
    dispatch(hashtagsApi.util.invalidateTags(['TagPage', 'FollowedTags', 'TrendingTags']));
    dispatch(newTagPostsShown(undefined));
    watchedTags.resend();
  },
};
