import { followsPageSchema, type FollowsPage } from '../../../shared/profiles';
import { profileApi, type FollowsArg } from './profileApi';
import { nextFollowsCursor } from './followsPaging';

/**
 * The followers and following lists a page at a time, as one cached list that Load more extends
 * (`getFollows` of the contract answers a single page). A follow anywhere refetches them.
 */
export const followsApi = profileApi.injectEndpoints({
  endpoints: (build) => ({
    getFollowsList: build.infiniteQuery<FollowsPage, FollowsArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => nextFollowsCursor(lastPage),
      },
      query: ({ queryArg: { userId, which }, pageParam }) => ({
        url: `users/${userId}/${which}`,
        params: pageParam ? { cursor: pageParam } : {},
      }),
      transformResponse: (raw: unknown) => followsPageSchema.parse(raw),
      providesTags: ['Follows'],
    }),
  }),
});

export const { useGetFollowsListInfiniteQuery } = followsApi;
