import {
  commentLikeReceived,
  commentReceived,
  commentRemoved,
  postRemoved,
  postsLoaded,
  shareCounted,
} from './postsCache';
import { postsEndpoints } from './postsEndpoints';
import { postLikeReceived, postRepostReceived, postSaveReceived } from './postsSlice';

/**
 * The posts endpoints with what each response changes elsewhere: every post answered joins the
 * post book (`postsSlice`), which the cards read, and comments land in their open thread.
 * Components use these hooks; the enhancement runs when this module loads, before any of them
 * can be called. A failed request changes nothing here: the screen that asked shows it.
 */
export const postsApi = postsEndpoints.enhanceEndpoints({
  endpoints: {
    getFeed: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data.pages.flatMap((page) => page.posts)));
      },
    },
    getSaved: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data.pages.flatMap((page) => page.posts)));
      },
    },
    getPost: {
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded([answer.data]));
      },
    },
    getMyPosts: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data.posts));
      },
    },
    getUserPosts: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data.posts));
      },
    },
    getTrending: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data));
      },
    },
    getVideos: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded(answer.data));
      },
    },
    createPost: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded([answer.data]));
      },
    },
    editPost: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postsLoaded([answer.data]));
      },
    },
    deletePost: {
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postRemoved(id));
      },
    },
    setPostLike: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postLikeReceived(answer.data));
      },
    },
    setRepost: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postRepostReceived(answer.data));
      },
    },
    setPostSave: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(postSaveReceived(answer.data));
      },
    },
    sharePost: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(shareCounted(answer.data));
      },
    },
    addComment: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(commentReceived(answer.data));
      },
    },
    editComment: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(commentReceived(answer.data));
      },
    },
    deleteComment: {
      async onQueryStarted({ postId, commentId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(commentRemoved(postId, commentId));
      },
    },
    setCommentLike: {
      async onQueryStarted({ postId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(commentLikeReceived(postId, answer.data));
      },
    },
  },
});

export const {
  useGetFeedInfiniteQuery,
  useGetPostQuery,
  useCreatePostMutation,
  useEditPostMutation,
  useDeletePostMutation,
  useSetPostLikeMutation,
  useSetPostSaveMutation,
  useSetRepostMutation,
  useSharePostMutation,
  useGetCommentsQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useSetCommentLikeMutation,
  useGetSavedInfiniteQuery,
  useGetMyPostsQuery,
  useGetMyPostsStatsQuery,
  useGetUserPostsQuery,
  useGetTrendingQuery,
  useGetVideosQuery,
  useCountPostViewMutation,
} = postsApi;
