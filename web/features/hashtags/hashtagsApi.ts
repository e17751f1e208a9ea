import {
  followedTagsSchema,
  tagFollowStateSchema,
  tagPageSchema,
  trendingTagsSchema,
  type FollowedTags,
  type TagFollowState,
  type TagPage,
  type TrendingTags,
} from '../../../shared/hashtags';
import { api } from '../../state/api';
import { postsLoaded } from '../posts';

/** A tag page's first answer is 20 posts, each further page 20 more. */
const TAG_PAGE_SIZE = 20;

/**
 * Hashtags (`server/domains/hashtags/routes.ts`). Posts a tag page answers join the post book,
 * so their counts and edits arrive live as on every other list.
 */
export const hashtagsApi = api
  .enhanceEndpoints({ addTagTypes: ['TagPage', 'FollowedTags', 'TrendingTags'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getTagPage: build.infiniteQuery<TagPage, string, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ queryArg: tag, pageParam }) => ({
          url: `tags/${encodeURIComponent(tag)}/posts`,
          params: pageParam
            ? { cursor: pageParam, limit: TAG_PAGE_SIZE }
            : { limit: TAG_PAGE_SIZE },
        }),
        transformResponse: (raw: unknown) => tagPageSchema.parse(raw),
        providesTags: (_result, _error, tag) => [{ type: 'TagPage', id: tag }],
        async onQueryStarted(_tag, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(postsLoaded(answer.data.pages.flatMap((page) => page.posts)));
        },
      }),
      setTagFollow: build.mutation<TagFollowState, { tag: string; follow: boolean }>({
        query: ({ tag, follow }) => ({
          url: `tags/${encodeURIComponent(tag)}/follow`,
          method: follow ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => tagFollowStateSchema.parse(raw),
        invalidatesTags: ['FollowedTags'],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(tagFollowReceived(answer.data));
        },
      }),
      getFollowedTags: build.query<FollowedTags, void>({
        query: () => 'followed-tags',
        transformResponse: (raw: unknown) => followedTagsSchema.parse(raw),
        providesTags: ['FollowedTags'],
      }),
      getTrendingTags: build.query<TrendingTags, void>({
        query: () => ({ url: 'trending/tags', params: { limit: 10 } }),
        transformResponse: (raw: unknown) => trendingTagsSchema.parse(raw),
        providesTags: ['TrendingTags'],
      }),
    }),
  });

/**
 * A follow state, from this tab's answer or another tab's push, applied to the open tag page
 * only if it is newer than the one it holds (versions of the member's follow stream).
 */
export const tagFollowReceived = (state: TagFollowState) =>
  hashtagsApi.util.updateQueryData('getTagPage', state.tag, (page) => {
    for (const each of page.pages) {
      if (state.version <= each.followVersion) continue;
      each.following = state.following;
      each.followVersion = state.version;
    }
  });

export const {
  useGetTagPageInfiniteQuery,
  useSetTagFollowMutation,
  useGetFollowedTagsQuery,
  useGetTrendingTagsQuery,
} = hashtagsApi;
