// What other features use of posts; inside the feature, files import each other directly.
export { AdSlot } from './card/AdSlot';
export { emptyAdPlan, extendAdPlan, type FeedItem, withAdSlots } from './card/adSlots';
export { POST_ACTION_TEXTS } from './card/PostActions';
export { PostCard } from './card/PostCard';
export { QuoteComposerContext } from './card/quoteComposerContext';
export { QuotedPost } from './card/QuotedPost';
export { ContentFields, type MissingField } from './editor/ContentFields';
export {
  EMPTY_POST_FORM,
  type PostFormValues,
  publishRefusal,
  saveFailureText,
} from './editor/postForm';
export { type QuotablePost, QUOTE_TEXTS, quoteBody, quotedPreview } from './editor/quoteComposer';
export { useLikesReceived } from './likesReceivedApi';
export {
  newPostsShown,
  type RepostArrival,
  selectNewPostIds,
  selectNewPostTags,
  selectNewReposts,
} from './newPostsSlice';
export {
  postsApi,
  useCreatePostMutation,
  useGetFeedInfiniteQuery,
  useGetSavedInfiniteQuery,
  useGetTrendingQuery,
  useGetUserPostsQuery,
  useSetPostSaveMutation,
} from './postsApi';
export { postsLoaded } from './postsCache';
export { postDeleted, selectIsPostDeleted, selectPostById } from './postsSlice';
export {
  appliedSearch,
  DEFAULT_POST_SORT,
  emptyPostsText,
  failedPostsText,
  isPostSort,
  listedPosts,
  type ListedPosts,
  pageArgs,
  POST_SORTS,
  postsFoundText,
  PROFILE_POSTS_PAGE_SIZE,
  type ProfilePostsQuery,
  repostersOf,
} from './profilePosts';
export { savedPostsShown } from './savedList';
export { useWatchPosts } from './useWatchPosts';
