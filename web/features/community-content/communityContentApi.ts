import type {
  CommunityPost,
  CommunityPostLikeState,
  CommunityPostPage,
  Discussion,
  DiscussionPage,
  DiscussionReply,
  DiscussionThread,
  PatchCommunityPost,
  PatchDiscussion,
} from '../../../shared/community-content';
import type { CommunityPostCategory } from '../../../shared/communities';
import { api } from '../../state/api';
import type { AppDispatch, RootState } from '../../state/store';
import {
  likeApplied,
  mergeDiscussion,
  mergePost,
  mergeReply,
  mergeThreadDiscussion,
} from './communityContentCache';

/** A page of a community's list: the first one has no cursor. */
export interface CommunityPageArgs {
  communityId: string;
  cursor?: string;
}

export interface ThreadArgs {
  discussionId: string;
  cursor?: string;
}

export interface StartDiscussionInput {
  communityId: string;
  title: string;
  content: string;
  category: string;
  tags: string[];
}

export interface CreatePostInput {
  communityId: string;
  category: CommunityPostCategory;
  content: string;
  tags: string[];
}

const pageParams = (cursor: string | undefined) => (cursor ? { cursor } : {});

/**
 * Discussions and posts of a community's hub. What a member writes goes into the cached first
 * pages at once from the answer, by the same merges the live pushes use, so the writer's own
 * screen and everyone else's agree.
 */
export const communityContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscussions: build.query<DiscussionPage, CommunityPageArgs>({
      query: ({ communityId, cursor }) => ({
        url: `communities/${communityId}/discussions`,
        params: pageParams(cursor),
      }),
      providesTags: ['CommunityDiscussions'],
    }),
    getDiscussionThread: build.query<DiscussionThread, ThreadArgs>({
      query: ({ discussionId, cursor }) => ({
        url: `discussions/${discussionId}`,
        params: pageParams(cursor),
      }),
      providesTags: (_result, _error, { discussionId }) => [
        'CommunityDiscussions',
        { type: 'CommunityDiscussions', id: discussionId },
      ],
    }),
    startDiscussion: build.mutation<Discussion, StartDiscussionInput>({
      query: ({ communityId, ...body }) => ({
        url: `communities/${communityId}/discussions`,
        method: 'POST',
        body,
      }),
      async onQueryStarted({ communityId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          communityContentApi.util.updateQueryData('getDiscussions', { communityId }, (page) =>
            mergeDiscussion(page, data, true),
          ),
        );
      },
    }),
    replyToDiscussion: build.mutation<DiscussionReply, { discussionId: string; content: string }>({
      query: ({ discussionId, content }) => ({
        url: `discussions/${discussionId}/replies`,
        method: 'POST',
        body: { content },
      }),
      async onQueryStarted(_input, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        replyAdded(dispatch, getState, data);
      },
    }),
    setDiscussionFlags: build.mutation<Discussion, { discussionId: string } & PatchDiscussion>({
      query: ({ discussionId, ...body }) => ({
        url: `discussions/${discussionId}`,
        method: 'PATCH',
        body,
      }),
      async onQueryStarted(_input, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        discussionChanged(dispatch, getState, data);
      },
    }),
    deleteDiscussion: build.mutation<void, string>({
      query: (discussionId) => ({ url: `discussions/${discussionId}`, method: 'DELETE' }),
      invalidatesTags: ['CommunityDiscussions'],
    }),
    getCommunityPosts: build.query<CommunityPostPage, CommunityPageArgs>({
      query: ({ communityId, cursor }) => ({
        url: `communities/${communityId}/posts`,
        params: pageParams(cursor),
      }),
      providesTags: ['CommunityPosts'],
    }),
    createCommunityPost: build.mutation<CommunityPost, CreatePostInput>({
      query: ({ communityId, ...body }) => ({
        url: `communities/${communityId}/posts`,
        method: 'POST',
        body,
      }),
      async onQueryStarted({ communityId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          communityContentApi.util.updateQueryData('getCommunityPosts', { communityId }, (page) =>
            mergePost(page, data, true),
          ),
        );
      },
    }),
    setCommunityPostFlags: build.mutation<
      CommunityPost,
      { postId: string; communityId: string } & PatchCommunityPost
    >({
      query: ({ postId, communityId: _communityId, ...body }) => ({
        url: `community-posts/${postId}`,
        method: 'PATCH',
        body,
      }),
      async onQueryStarted({ communityId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          communityContentApi.util.updateQueryData('getCommunityPosts', { communityId }, (page) =>
            mergePost(page, data, true),
          ),
        );
      },
    }),
    deleteCommunityPost: build.mutation<void, string>({
      query: (postId) => ({ url: `community-posts/${postId}`, method: 'DELETE' }),
      invalidatesTags: ['CommunityPosts'],
    }),
    /**
     * Optimistic: the cached post shows the like at once and takes it back if the server
     * refuses; the answer's absolute count then replaces the guess.
     */
    likeCommunityPost: build.mutation<
      CommunityPostLikeState,
      { postId: string; communityId: string; like: boolean }
    >({
      query: ({ postId, like }) => ({
        url: `community-posts/${postId}/like`,
        method: like ? 'POST' : 'DELETE',
      }),
      async onQueryStarted({ postId, communityId, like }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          communityContentApi.util.updateQueryData('getCommunityPosts', { communityId }, (page) =>
            likeApplied(page, { postId, like }),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            communityContentApi.util.updateQueryData('getCommunityPosts', { communityId }, (page) =>
              likeApplied(page, { postId, like: data.likedByMe, state: data }),
            ),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetDiscussionsQuery,
  useGetDiscussionThreadQuery,
  useStartDiscussionMutation,
  useReplyToDiscussionMutation,
  useSetDiscussionFlagsMutation,
  useDeleteDiscussionMutation,
  useGetCommunityPostsQuery,
  useCreateCommunityPostMutation,
  useSetCommunityPostFlagsMutation,
  useDeleteCommunityPostMutation,
  useLikeCommunityPostMutation,
} = communityContentApi;

/** A discussion as it is now, into every cached list page of its community and its thread. */
export function discussionChanged(
  dispatch: AppDispatch,
  getState: () => unknown,
  discussion: Discussion,
): void {
  const state = getState() as RootState;
  for (const arg of communityContentApi.util.selectCachedArgsForQuery(state, 'getDiscussions')) {
    if (arg.communityId !== discussion.communityId) continue;
    dispatch(
      communityContentApi.util.updateQueryData('getDiscussions', arg, (page) =>
        mergeDiscussion(page, discussion, arg.cursor === undefined),
      ),
    );
  }
  for (const arg of communityContentApi.util.selectCachedArgsForQuery(
    state,
    'getDiscussionThread',
  )) {
    if (arg.discussionId !== discussion.id) continue;
    dispatch(
      communityContentApi.util.updateQueryData('getDiscussionThread', arg, (thread) =>
        mergeThreadDiscussion(thread, discussion),
      ),
    );
  }
}

/** A new reply, into the last loaded page of its thread wherever that is cached. */
export function replyAdded(
  dispatch: AppDispatch,
  getState: () => unknown,
  reply: DiscussionReply,
): void {
  const state = getState() as RootState;
  for (const arg of communityContentApi.util.selectCachedArgsForQuery(
    state,
    'getDiscussionThread',
  )) {
    if (arg.discussionId !== reply.discussionId) continue;
    dispatch(
      communityContentApi.util.updateQueryData('getDiscussionThread', arg, (thread) =>
        mergeReply(thread, reply),
      ),
    );
  }
}
