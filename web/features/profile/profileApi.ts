import { z } from 'zod';
import {
  engagementSchema,
  followAnswerSchema,
  followsPageSchema,
  memberSettingsSchema,
  profileCardSettingsSchema,
  profileSchema,
  type Engagement,
  type FollowsPage,
  type MemberSettings,
  type MemberSettingsUpdate,
  type Profile,
  type ProfileCardSettings,
  type ProfileEdit,
  type ProfileImageUpdate,
} from '../../../shared/profiles';
import { personSchema, type Person } from '../../../shared/social';
import { api } from '../../state/api';

export type FollowAnswer = z.infer<typeof followAnswerSchema>;
export type FollowsArg = { userId: string; which: 'followers' | 'following' };

/**
 * Profiles, follows and the member's own settings. A profile is cached by id; the answer of every
 * change replaces the cached profile, so the page never shows a value the server did not store.
 */
export const profileApi = api
  .enhanceEndpoints({ addTagTypes: ['Profile', 'Follows', 'MemberSettings', 'Engagement'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfile: build.query<Profile, string>({
        query: (userId) => `users/${userId}`,
        transformResponse: (raw: unknown) => profileSchema.parse(raw),
        providesTags: (_profile, _error, userId) => [{ type: 'Profile', id: userId }],
      }),
      /** `GET /users?username=` answers the first match, or none. */
      findByUsername: build.query<Person | null, string>({
        query: (username) => ({ url: 'users', params: { username } }),
        transformResponse: (raw: unknown) => z.array(personSchema).parse(raw)[0] ?? null,
      }),
      updateProfile: build.mutation<Profile, { userId: string; edit: ProfileEdit }>({
        query: ({ userId, edit }) => ({ url: `users/${userId}`, method: 'PATCH', body: edit }),
        transformResponse: (raw: unknown) => profileSchema.parse(raw),
        async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profileApi.util.upsertQueryData('getProfile', userId, data));
        },
      }),
      updateProfileImage: build.mutation<
        Profile,
        { userId: string; which: 'avatar' | 'banner'; update: ProfileImageUpdate }
      >({
        query: ({ which, update }) => ({ url: `me/${which}`, method: 'PUT', body: update }),
        transformResponse: (raw: unknown) => profileSchema.parse(raw),
        async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profileApi.util.upsertQueryData('getProfile', userId, data));
        },
        invalidatesTags: ['Session'],
      }),
      updateCardSettings: build.mutation<ProfileCardSettings, Partial<ProfileCardSettings>>({
        query: (changes) => ({ url: 'me/profile-card-settings', method: 'PUT', body: changes }),
        transformResponse: (raw: unknown) => profileCardSettingsSchema.parse(raw),
        invalidatesTags: ['Profile'],
      }),
      follow: build.mutation<FollowAnswer, { userId: string; follow: boolean }>({
        query: ({ userId, follow }) => ({
          url: `users/${userId}/follow`,
          method: follow ? 'POST' : 'DELETE',
        }),
        transformResponse: (raw: unknown) => followAnswerSchema.parse(raw),
        invalidatesTags: ['Follows'],
      }),
      getFollows: build.query<FollowsPage, FollowsArg & { cursor?: string }>({
        query: ({ userId, which, cursor }) => ({
          url: `users/${userId}/${which}`,
          params: cursor ? { cursor } : {},
        }),
        transformResponse: (raw: unknown) => followsPageSchema.parse(raw),
        providesTags: ['Follows'],
      }),
      getEngagement: build.query<Engagement, { userId: string; days: number }>({
        query: ({ userId, days }) => ({ url: `users/${userId}/engagement`, params: { days } }),
        transformResponse: (raw: unknown) => engagementSchema.parse(raw),
        providesTags: ['Engagement'],
      }),
      countProfileView: build.mutation<void, string>({
        query: (userId) => ({ url: `users/${userId}/view`, method: 'POST' }),
      }),
      getMemberSettings: build.query<MemberSettings, void>({
        query: () => 'me/settings',
        transformResponse: (raw: unknown) => memberSettingsSchema.parse(raw),
        providesTags: ['MemberSettings'],
      }),
      updateMemberSettings: build.mutation<MemberSettings, MemberSettingsUpdate>({
        query: (update) => ({ url: 'me/settings', method: 'PATCH', body: update }),
        transformResponse: (raw: unknown) => memberSettingsSchema.parse(raw),
        async onQueryStarted(_update, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profileApi.util.upsertQueryData('getMemberSettings', undefined, data));
        },
      }),
    }),
  });

export const {
  useGetProfileQuery,
  useFindByUsernameQuery,
  useUpdateProfileMutation,
  useUpdateProfileImageMutation,
  useUpdateCardSettingsMutation,
  useFollowMutation,
  useGetFollowsQuery,
  useGetEngagementQuery,
  useCountProfileViewMutation,
  useGetMemberSettingsQuery,
  useUpdateMemberSettingsMutation,
} = profileApi;
