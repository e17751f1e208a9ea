import {
  commentCountsPayloadSchema,
  commentDeletedPayloadSchema,
  commentPayloadSchema,
  likesReceivedSchema,
  postCountsPayloadSchema,
  postDeletedPayloadSchema,
  postNewPayloadSchema,
  POSTS_SOCKET_EVENTS,
  postUpdatedPayloadSchema,
  repostUndonePayloadSchema,
  savedStatePayloadSchema,
} from '../../../shared/posts';
import { selectSignedInUserId } from '../auth';
import type { LiveFeature } from '../connection';
import { likesReceivedApi } from './likesReceivedApi';
import { likesReceivedUpdated } from './likesReceivedSlice';
import {
  newPostArrived,
  newPostsShown,
  newRepostArrived,
  newTaggedPostArrived,
  repostWithdrawn,
} from './newPostsSlice';
import {
  commentLikeReceived,
  commentRemoved,
  postRemoved,
  saveStateReceived,
  sharedCommentReceived,
  sharedPostReceived,
} from './postsCache';
import { postsEndpoints } from './postsEndpoints';
import { postCountsReceived, saveVersionsForgotten, selectPostById } from './postsSlice';
import { watchedPosts } from './watchedPosts';

/**
 * Pushes about the posts on screen (`useWatchPosts`), friends' new posts and reposts, the member's Total
 * Likes and their saves from other tabs. Counts are absolute and versioned, the same for every
 * watcher; whether this member likes a post changes only by their own answers, whether they
 * saved it by their answers and their save pushes, ordered by the save's version.
 */
export const postsLive: LiveFeature = {
  name: 'posts',
  handlers: {
    [POSTS_SOCKET_EVENTS.counts]: (payload, dispatch) => {
      const parsed = postCountsPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(postCountsReceived(parsed.data));
    },
    [POSTS_SOCKET_EVENTS.updated]: (payload, dispatch) => {
      const parsed = postUpdatedPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(sharedPostReceived(parsed.data.post));
    },
    [POSTS_SOCKET_EVENTS.deleted]: (payload, dispatch) => {
      const parsed = postDeletedPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(postRemoved(parsed.data.postId));
    },
    [POSTS_SOCKET_EVENTS.new]: (payload, dispatch, getState) => {
      const parsed = postNewPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { postId, authorId, followedTag, repost } = parsed.data;
      const state = getState();
      // The author's own feed has the post from their answer; a post already loaded is not new.
      if (authorId === selectSignedInUserId(state) || selectPostById(state, postId)) return;
      if (repost !== undefined) dispatch(newRepostArrived({ postId, repost }));
      else if (followedTag !== undefined)
        dispatch(newTaggedPostArrived({ postId, tag: followedTag }));
      else dispatch(newPostArrived(postId));
    },
    [POSTS_SOCKET_EVENTS.repostUndone]: (payload, dispatch) => {
      const parsed = repostUndonePayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(repostWithdrawn(parsed.data));
    },
    [POSTS_SOCKET_EVENTS.commentNew]: (payload, dispatch) => {
      const parsed = commentPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(sharedCommentReceived(parsed.data.comment));
    },
    [POSTS_SOCKET_EVENTS.commentUpdated]: (payload, dispatch) => {
      const parsed = commentPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(sharedCommentReceived(parsed.data.comment));
    },
    [POSTS_SOCKET_EVENTS.commentDeleted]: (payload, dispatch) => {
      const parsed = commentDeletedPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(commentRemoved(parsed.data.postId, parsed.data.commentId));
    },
    [POSTS_SOCKET_EVENTS.commentCounts]: (payload, dispatch) => {
      const parsed = commentCountsPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { postId, commentId, likes, version } = parsed.data;
      dispatch(commentLikeReceived(postId, { commentId, likes, version }));
    },
    [POSTS_SOCKET_EVENTS.saved]: (payload, dispatch) => {
      const parsed = savedStatePayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(saveStateReceived(parsed.data));
    },
    [POSTS_SOCKET_EVENTS.likesReceived]: (payload, dispatch) => {
      const parsed = likesReceivedSchema.safeParse(payload);
      if (parsed.success) dispatch(likesReceivedUpdated(parsed.data));
    },
  },
  // Pushes missed while away are lost: what is on screen loads again (the feed with whatever is
  // new, so the signal empties), and the new connection hears which posts to follow.
  resync(dispatch) {
    dispatch(saveVersionsForgotten());
    dispatch(postsEndpoints.util.invalidateTags(['Feed', 'Post', 'Comments', 'Saved', 'MyPosts']));
    dispatch(likesReceivedApi.util.invalidateTags(['LikesReceived']));
    dispatch(newPostsShown());
    watchedPosts.resend();
  },
};
