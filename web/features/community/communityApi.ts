import type {
  Community,
  CommunityInvitation,
  CommunityMembersPage,
  CommunityRole,
  InviteResult,
} from '../../../shared/communities';
import type { Person } from '../../../shared/social';
import { api } from '../../state/api';
import { memberQueryParams, type MemberFilters } from './memberFilters';

export interface CommunitiesArgs {
  scope: 'mine' | 'discover';
  q?: string;
}

export interface MembersArgs extends MemberFilters {
  communityId: string;
}

interface MemberActionArgs {
  communityId: string;
  userId: string;
}

/** What changes whenever the member's standing in a community does. */
const standing = (communityId: string) => [
  { type: 'Community' as const, id: communityId },
  'Communities' as const,
  'CommunityMembers' as const,
  'CommunityInvitations' as const,
];

/** The communities API: lists, a community's card, joining, members and invitations. */
export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommunities: build.query<Community[], CommunitiesArgs>({
      query: ({ scope, q }) => ({ url: 'communities', params: q ? { scope, q } : { scope } }),
      transformResponse: (raw: { communities: Community[] }) => raw.communities,
      providesTags: ['Communities'],
    }),
    getCommunity: build.query<Community, string>({
      query: (id) => `communities/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Community', id }],
    }),
    createCommunity: build.mutation<Community, FormData>({
      query: (body) => ({ url: 'communities', method: 'POST', body }),
      invalidatesTags: ['Communities'],
    }),
    joinCommunity: build.mutation<Community, string>({
      query: (id) => ({ url: `communities/${id}/join`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => standing(id),
    }),
    leaveCommunity: build.mutation<void, string>({
      query: (id) => ({ url: `communities/${id}/leave`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => standing(id),
    }),
    declineInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `communities/${id}/invitation`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => standing(id),
    }),
    getInvitations: build.query<CommunityInvitation[], void>({
      query: () => 'communities/invitations',
      transformResponse: (raw: { invitations: CommunityInvitation[] }) => raw.invitations,
      providesTags: ['CommunityInvitations'],
    }),
    getCommunityMembers: build.query<CommunityMembersPage, MembersArgs>({
      query: ({ communityId, ...filters }) => ({
        url: `communities/${communityId}/members`,
        params: memberQueryParams(filters),
      }),
      providesTags: ['CommunityMembers'],
    }),
    approveMember: build.mutation<void, MemberActionArgs>({
      query: ({ communityId, userId }) => ({
        url: `communities/${communityId}/members/${userId}/approve`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { communityId }) => standing(communityId),
    }),
    rejectMember: build.mutation<void, MemberActionArgs>({
      query: ({ communityId, userId }) => ({
        url: `communities/${communityId}/members/${userId}/reject`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { communityId }) => standing(communityId),
    }),
    removeMember: build.mutation<void, MemberActionArgs>({
      query: ({ communityId, userId }) => ({
        url: `communities/${communityId}/members/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { communityId }) => standing(communityId),
    }),
    changeMemberRole: build.mutation<void, MemberActionArgs & { role: CommunityRole }>({
      query: ({ communityId, userId, role }) => ({
        url: `communities/${communityId}/members/${userId}/role`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: (_r, _e, { communityId }) => standing(communityId),
    }),
    inviteMembers: build.mutation<InviteResult, { communityId: string; userIds: string[] }>({
      query: ({ communityId, userIds }) => ({
        url: `communities/${communityId}/invitations`,
        method: 'POST',
        body: { userIds },
      }),
    }),
    searchInvitees: build.query<Person[], string>({
      query: (q) => ({ url: 'users', params: { q, _limit: 8 } }),
    }),
  }),
});

export const {
  useGetCommunitiesQuery,
  useGetCommunityQuery,
  useCreateCommunityMutation,
  useJoinCommunityMutation,
  useLeaveCommunityMutation,
  useDeclineInvitationMutation,
  useGetInvitationsQuery,
  useGetCommunityMembersQuery,
  useApproveMemberMutation,
  useRejectMemberMutation,
  useRemoveMemberMutation,
  useChangeMemberRoleMutation,
  useInviteMembersMutation,
  useSearchInviteesQuery,
} = communityApi;
