import { z } from 'zod';
import {
  commentLikeStateSchema,
  commentSchema,
  commentsSchema,
  homeFeedPageSchema,
  myPostsStatsSchema,
  postLikeStateSchema,
  postListSchema,
  postSchema,
  savedPageSchema,
  saveStateSchema,
  shareStateSchema,
  userPostsPageSchema,
  type Comment,
  type CreatePost,
  type HomeFeedPage,
  type MyPostsQuery,
  type MyPostsStats,
  type PatchPost,
  type Post,
  type PostLikeState,
  type PostList,
  type SavedPage,
  type ShareChannel,
  type UserPostsPage,
  type UserPostsQuery,
} from '../../../shared/posts';
import { repostStateSchema, type RepostState } from '../../../shared/reposts';
import { api } from '../../state/api';

export type CommentLikeState = z.infer<typeof commentLikeStateSchema>;
export type ShareState = z.infer<typeof shareStateSchema>;
export type SaveState = z.infer<typeof saveStateSchema>;

/** A profile's posts: the member and the search, sort and page of `002` §3. */
export type UserPostsArg = { userId: string } & Partial<UserPostsQuery>;
export type MyPostsArg = Partial<MyPostsQuery>;

const postsAnswer = z.object({ posts: z.array(postSchema) });

/** Leaves out what is unset, so `?q=` never reaches the server for a blank field. */
function definedParams(params: Record<string, string | number | undefined>) {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

/**
 * The posts requests and responses. What a response changes elsewhere (the post book, other
 * cached lists) is added by `postsApi`, so these definitions and the cache updates do not import
 * each other.
 */
export const postsEndpoints = api
  .enhanceEndpoints({ addTagTypes: ['Feed', 'Post', 'Comments', 'MyPosts', 'Saved'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The home feed, newest first: 20, then 5 at a time (000 §4). */
      getFeed: build.infiniteQuery<HomeFeedPage, void, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ pageParam }) => ({
          url: 'feed',
          params: pageParam ? { cursor: pageParam, limit: 5 } : { limit: 20 },
        }),
        transformResponse: (raw: unknown) => homeFeedPageSchema.parse(raw),
        providesTags: ['Feed'],
      }),
      getPost: build.query<Post, string>({
        query: (id) => `posts/${encodeURIComponent(id)}`,
        transformResponse: (raw: unknown) => postSchema.parse(raw),
        providesTags: (_result, _error, id) => [{ type: 'Post', id }],
      }),
      createPost: build.mutation<Post, Partial<CreatePost>>({
        query: (body) => ({ url: 'posts', method: 'POST', body }),
        transformResponse: (raw: unknown) => postSchema.parse(raw),
        invalidatesTags: ['MyPosts', 'Feed'],
      }),
      editPost: build.mutation<Post, { id: string; patch: PatchPost }>({
        query: ({ id, patch }) => ({
          url: `posts/${encodeURIComponent(id)}`,
          method: 'PATCH',
          body: patch,
        }),
        transformResponse: (raw: unknown) => postSchema.parse(raw),
        invalidatesTags: ['MyPosts'],
      }),
      deletePost: build.mutation<void, string>({
        query: (id) => ({ url: `posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['MyPosts'],
      }),
      setPostLike: build.mutation<PostLikeState, { postId: string; like: boolean }>({
        query: ({ postId, like }) => ({
          url: `posts/${encodeURIComponent(postId)}/like`,
          method: like ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => postLikeStateSchema.parse(raw),
      }),
      setPostSave: build.mutation<SaveState, { postId: string; save: boolean }>({
        query: ({ postId, save }) => ({
          url: `posts/${encodeURIComponent(postId)}/save`,
          method: save ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => saveStateSchema.parse(raw),
        invalidatesTags: ['Saved'],
      }),
      setRepost: build.mutation<RepostState, { postId: string; repost: boolean }>({
        query: ({ postId, repost }) => ({
          url: `posts/${encodeURIComponent(postId)}/repost`,
          method: repost ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => repostStateSchema.parse(raw),
      }),
      sharePost: build.mutation<ShareState, { postId: string; channel: ShareChannel }>({
        query: ({ postId, channel }) => ({
          url: `posts/${encodeURIComponent(postId)}/share`,
          method: 'POST',
          body: { channel },
        }),
        transformResponse: (raw: unknown) => shareStateSchema.parse(raw),
      }),
      getComments: build.query<Comment[], string>({
        query: (postId) => `posts/${encodeURIComponent(postId)}/comments`,
        transformResponse: (raw: unknown) => commentsSchema.parse(raw).comments,
        providesTags: (_result, _error, postId) => [{ type: 'Comments', id: postId }],
      }),
      addComment: build.mutation<
        Comment,
        { postId: string; content: string; parentId?: string | null }
      >({
        query: ({ postId, content, parentId }) => ({
          url: `posts/${encodeURIComponent(postId)}/comments`,
          method: 'POST',
          body: { content, parentId: parentId ?? null },
        }),
        transformResponse: (raw: unknown) => commentSchema.parse(raw),
      }),
      editComment: build.mutation<Comment, { commentId: string; content: string }>({
        query: ({ commentId, content }) => ({
          url: `comments/${encodeURIComponent(commentId)}`,
          method: 'PATCH',
          body: { content },
        }),
        transformResponse: (raw: unknown) => commentSchema.parse(raw),
      }),
      deleteComment: build.mutation<void, { commentId: string; postId: string }>({
        query: ({ commentId }) => ({
          url: `comments/${encodeURIComponent(commentId)}`,
          method: 'DELETE',
        }),
      }),
      setCommentLike: build.mutation<
        CommentLikeState,
        { postId: string; commentId: string; like: boolean }
      >({
        query: ({ commentId, like }) => ({
          url: `comments/${encodeURIComponent(commentId)}/like`,
          method: like ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => commentLikeStateSchema.parse(raw),
      }),
      getSaved: build.infiniteQuery<SavedPage, void, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ pageParam }) => ({
          url: 'saved',
          params: pageParam ? { cursor: pageParam } : undefined,
        }),
        transformResponse: (raw: unknown) => savedPageSchema.parse(raw),
        providesTags: ['Saved'],
      }),
      getMyPosts: build.query<PostList, MyPostsArg>({
        query: ({ tab, q, status, visibility, category, limit, offset }) => ({
          url: 'posts/mine',
          params: definedParams({ tab, q, status, visibility, category, limit, offset }),
        }),
        transformResponse: (raw: unknown) => postListSchema.parse(raw),
        providesTags: ['MyPosts'],
      }),
      getMyPostsStats: build.query<MyPostsStats, void>({
        query: () => 'posts/mine/stats',
        transformResponse: (raw: unknown) => myPostsStatsSchema.parse(raw),
        providesTags: ['MyPosts'],
      }),
      getUserPosts: build.query<UserPostsPage, UserPostsArg>({
        query: ({ userId, q, sortBy, limit, offset, cursor }) => ({
          url: `users/${encodeURIComponent(userId)}/posts`,
          params: definedParams({ q, sortBy, limit, offset, cursor }),
        }),
        transformResponse: (raw: unknown) => userPostsPageSchema.parse(raw),
      }),
      getTrending: build.query<Post[], '24h' | '7d'>({
        query: (window) => ({ url: 'trending', params: { window } }),
        transformResponse: (raw: unknown) => postsAnswer.parse(raw).posts,
      }),
      /** A post's page was opened; the server counts one view per member and half hour. */
      countPostView: build.mutation<void, string>({
        query: (id) => ({ url: `posts/${encodeURIComponent(id)}/view`, method: 'POST' }),
      }),
      getVideos: build.query<Post[], void>({
        query: () => ({ url: 'videos', params: { limit: 50 } }),
        transformResponse: (raw: unknown) => postsAnswer.parse(raw).posts,
      }),
    }),
  });
