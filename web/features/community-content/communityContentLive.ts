import {
  COMMUNITY_CONTENT_SOCKET_EVENTS as EVENTS,
  communityPostDeletedPayloadSchema,
  communityPostPayloadSchema,
  discussionDeletedPayloadSchema,
  discussionPayloadSchema,
  replyPayloadSchema,
} from '../../../shared/community-content/live';
import { api } from '../../state/api';
import type { LiveFeature } from '../connection';
import { communityContentApi, discussionChanged, replyAdded } from './communityContentApi';
import { mergePost, removeDiscussion, removePost } from './communityContentCache';

const { util } = communityContentApi;

/**
 * A community hub's discussions and posts follow the pushes to its room: each cached page takes
 * the item whole and versioned; new replies join an open thread. The hub joins the room
 * (`communities:watch`); this feature only applies what arrives. Loaded with the hub.
 */
export const communityContentLive: LiveFeature = {
  name: 'community-content',
  handlers: {
    [EVENTS.discussion]: (payload, dispatch, getState) => {
      const parsed = discussionPayloadSchema.safeParse(payload);
      if (parsed.success) discussionChanged(dispatch, getState, parsed.data.discussion);
    },
    [EVENTS.reply]: (payload, dispatch, getState) => {
      const parsed = replyPayloadSchema.safeParse(payload);
      if (parsed.success) replyAdded(dispatch, getState, parsed.data.reply);
    },
    [EVENTS.discussionDeleted]: (payload, dispatch, getState) => {
      const parsed = discussionDeletedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { communityId, discussionId } = parsed.data;
      for (const arg of util.selectCachedArgsForQuery(getState(), 'getDiscussions')) {
        if (arg.communityId !== communityId) continue;
        dispatch(
          util.updateQueryData('getDiscussions', arg, (page) =>
            removeDiscussion(page, discussionId),
          ),
        );
      }
      // An open thread reads again and finds it gone.
      dispatch(api.util.invalidateTags([{ type: 'CommunityDiscussions', id: discussionId }]));
    },
    [EVENTS.post]: (payload, dispatch, getState) => {
      const parsed = communityPostPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { post } = parsed.data;
      for (const arg of util.selectCachedArgsForQuery(getState(), 'getCommunityPosts')) {
        if (arg.communityId !== post.communityId) continue;
        dispatch(
          util.updateQueryData('getCommunityPosts', arg, (page) =>
            mergePost(page, post, arg.cursor === undefined),
          ),
        );
      }
    },
    [EVENTS.postDeleted]: (payload, dispatch, getState) => {
      const parsed = communityPostDeletedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { communityId, postId } = parsed.data;
      for (const arg of util.selectCachedArgsForQuery(getState(), 'getCommunityPosts')) {
        if (arg.communityId !== communityId) continue;
        dispatch(
          util.updateQueryData('getCommunityPosts', arg, (page) => removePost(page, postId)),
        );
      }
    },
  },
  resync(dispatch) {
    dispatch(api.util.invalidateTags(['CommunityDiscussions', 'CommunityPosts']));
  },
};
