import { z } from 'zod';
import {
  friendRequestSchema,
  friendRequestsSchema,
  friendSchema,
  personSchema,
  searchResultSchema,
  type Friend,
  type FriendPermission,
  type FriendRequest,
  type FriendRequests,
  type Person,
  type SearchResult,
  type SendFriendRequest,
} from '../../../shared/social';
import { api } from '../../state/api';
import { markRequestSent } from './cardState';

const friendsSchema = z.array(friendSchema);
const searchResultsSchema = z.array(searchResultSchema);

export const friendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFriends: build.query<Friend[], void>({
      query: () => 'friends',
      transformResponse: (raw: unknown) => friendsSchema.parse(raw),
      providesTags: ['Friends'],
    }),
    getFriendRequests: build.query<FriendRequests, void>({
      query: () => 'friends/requests',
      transformResponse: (raw: unknown) => friendRequestsSchema.parse(raw),
      providesTags: ['FriendRequests'],
    }),
    searchFriends: build.query<SearchResult[], string>({
      query: (q) => ({ url: 'friends/search', params: { q } }),
      transformResponse: (raw: unknown) => searchResultsSchema.parse(raw),
      providesTags: ['People'],
    }),
    getFriendSuggestions: build.query<SearchResult[], void>({
      query: () => 'friends/suggestions',
      transformResponse: (raw: unknown) => searchResultsSchema.parse(raw),
      providesTags: ['People'],
    }),
    sendFriendRequest: build.mutation<FriendRequest, SendFriendRequest>({
      query: (body) => ({ url: 'friends/requests', method: 'POST', body }),
      transformResponse: (raw: unknown) => friendRequestSchema.parse(raw),
      invalidatesTags: ['FriendRequests'],
      // Cards that offered Add turn Pending at once; the friends:changed push refetches them.
      async onQueryStarted({ toUserId }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const markSent = (results: SearchResult[]) => {
          for (const [index, result] of results.entries()) {
            if (result.user.id === toUserId) results[index] = markRequestSent(result);
          }
        };
        dispatch(friendsApi.util.updateQueryData('getFriendSuggestions', undefined, markSent));
        for (const q of friendsApi.util.selectCachedArgsForQuery(getState(), 'searchFriends')) {
          dispatch(friendsApi.util.updateQueryData('searchFriends', q, markSent));
        }
      },
    }),
    acceptFriendRequest: build.mutation<Friend, string>({
      query: (id) => ({ url: `friends/requests/${id}/accept`, method: 'POST' }),
      transformResponse: (raw: unknown) => friendSchema.parse(raw),
      invalidatesTags: ['Friends', 'FriendRequests', 'People'],
    }),
    rejectFriendRequest: build.mutation<FriendRequest, string>({
      query: (id) => ({ url: `friends/requests/${id}/reject`, method: 'POST' }),
      transformResponse: (raw: unknown) => friendRequestSchema.parse(raw),
      invalidatesTags: ['FriendRequests', 'People'],
    }),
    cancelFriendRequest: build.mutation<FriendRequest, string>({
      query: (id) => ({ url: `friends/requests/${id}`, method: 'DELETE' }),
      transformResponse: (raw: unknown) => friendRequestSchema.parse(raw),
      invalidatesTags: ['FriendRequests', 'People'],
    }),
    removeFriend: build.mutation<void, string>({
      query: (userId) => ({ url: `friends/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Friends', 'People'],
    }),
    setFriendPermissions: build.mutation<
      Friend,
      { userId: string; permissions: FriendPermission[] }
    >({
      query: ({ userId, permissions }) => ({
        url: `friends/${userId}/permissions`,
        method: 'PUT',
        body: { permissions },
      }),
      invalidatesTags: ['Friends'],
    }),
    getBlockedMembers: build.query<Person[], void>({
      query: () => 'friends/blocked',
      transformResponse: (raw: unknown) => z.array(personSchema).parse(raw),
      providesTags: ['People'],
    }),
    unblockMember: build.mutation<void, string>({
      query: (userId) => ({ url: `friends/blocks/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['People', 'Friends'],
    }),
    blockMember: build.mutation<void, string>({
      query: (userId) => ({ url: 'friends/blocks', method: 'POST', body: { userId } }),
      invalidatesTags: ['Friends', 'FriendRequests', 'People'],
    }),
  }),
});

export const {
  useGetFriendsQuery,
  useGetFriendRequestsQuery,
  useSearchFriendsQuery,
  useGetFriendSuggestionsQuery,
  useSendFriendRequestMutation,
  useSetFriendPermissionsMutation,
  useAcceptFriendRequestMutation,
  useRejectFriendRequestMutation,
  useCancelFriendRequestMutation,
  useRemoveFriendMutation,
  useBlockMemberMutation,
  useGetBlockedMembersQuery,
  useUnblockMemberMutation,
} = friendsApi;
