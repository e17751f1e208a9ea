import {
  searchPageSchema,
  searchSuggestionsSchema,
  type SearchPage,
  type SearchSuggestions,
  type SearchType,
} from '../../../shared/search';
import { api } from '../../state/api';
import { postsLoaded } from '../posts';

/** A results tab's first answer is 20 hits, each further page 20 more. */
const SEARCH_PAGE_SIZE = 20;

/** The search box (`server/domains/search/routes.ts`). */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSearchSuggestions: build.query<SearchSuggestions, string>({
      query: (q) => ({ url: 'search/suggestions', params: { q } }),
      transformResponse: (raw: unknown) => searchSuggestionsSchema.parse(raw),
      // Suggestions are of the moment: an earlier text's answer is dropped soon after.
      keepUnusedDataFor: 30,
    }),
    getSearchPage: build.infiniteQuery<SearchPage, { q: string; type: SearchType }, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: { q, type }, pageParam }) => ({
        url: 'search',
        params: pageParam
          ? { q, type, cursor: pageParam, limit: SEARCH_PAGE_SIZE }
          : { q, type, limit: SEARCH_PAGE_SIZE },
      }),
      transformResponse: (raw: unknown) => searchPageSchema.parse(raw),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Posts found join the post book, so their cards stay live as on every other list.
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const posts = answer.data.pages.flatMap((page) =>
          page.type === 'posts' ? page.items : [],
        );
        if (posts.length > 0) dispatch(postsLoaded(posts));
      },
    }),
  }),
});

export const { useGetSearchSuggestionsQuery, useGetSearchPageInfiniteQuery } = searchApi;
