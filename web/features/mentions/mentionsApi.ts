import { feedPageSchema, type FeedPage } from '../../../shared/posts';
import type { MentionSuggestions } from '../../../shared/mentions';
import { api } from '../../state/api';

/** @mentions (`server/domains/mentions/routes.ts`). */
export const mentionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Members to offer after `@`, for what was typed after it. */
    mentionSuggestions: build.query<MentionSuggestions, string>({
      query: (q) => ({ url: 'mentions/suggestions', params: { q } }),
      keepUnusedDataFor: 30,
    }),
    /** The profile's Mentions tab: the posts that mention the member, newest first. */
    mentionedPosts: build.infiniteQuery<FeedPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: memberId, pageParam }) => ({
        url: `users/${encodeURIComponent(memberId)}/mentions`,
        params: pageParam ? { cursor: pageParam } : undefined,
      }),
      transformResponse: (raw: unknown) => feedPageSchema.parse(raw),
    }),
  }),
});

export const { useMentionSuggestionsQuery, useMentionedPostsInfiniteQuery } = mentionsApi;
