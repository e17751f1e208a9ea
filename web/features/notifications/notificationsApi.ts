import { api } from '../../state/api';
import {
  notificationPreferencesSchema,
  notificationSchema,
  notificationsPageSchema,
  type Notification,
  type NotificationPreferences,
  type NotificationsPage,
} from '../../../shared/social';
import type { PreferenceChange } from './notificationPreferences';
import {
  markAllNotificationsRead,
  markNotificationRead,
  replaceNotification,
} from './notificationsCache';

export interface PreferencesUpdate {
  /** The complete preference to store. */
  preferences: NotificationPreferences;
  /** The one switch that produced it, applied to the cache at once and undone on failure. */
  change: PreferenceChange;
}

/** Counts preference saves, so only the latest answer is written over the optimistic state. */
let preferencesSaves = 0;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery<NotificationsPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({
        url: 'notifications',
        params: pageParam === null ? undefined : { cursor: pageParam },
      }),
      transformResponse: (raw: unknown) => notificationsPageSchema.parse(raw),
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: `notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      transformResponse: (raw: unknown) => notificationSchema.parse(raw),
      async onQueryStarted(id, { dispatch, queryFulfilled }): Promise<void> {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
            markNotificationRead(cache, id),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
              replaceNotification(cache, data),
            ),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: 'notifications/read-all', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }): Promise<void> {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
            markAllNotificationsRead(cache),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => 'me/notification-preferences',
      transformResponse: (raw: unknown) => notificationPreferencesSchema.parse(raw),
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, PreferencesUpdate>({
      query: ({ preferences }) => ({
        url: 'me/notification-preferences',
        method: 'PUT',
        body: preferences,
      }),
      transformResponse: (raw: unknown) => notificationPreferencesSchema.parse(raw),
      async onQueryStarted({ change }, { dispatch, queryFulfilled }): Promise<void> {
        const save = ++preferencesSaves;
        const patch = dispatch(
          notificationsApi.util.updateQueryData(
            'getNotificationPreferences',
            undefined,
            (draft) => {
              draft[change.type][change.channel] = change.enabled;
            },
          ),
        );
        try {
          const { data } = await queryFulfilled;
          // An earlier answer must not overwrite a later switch that is still being saved.
          if (save !== preferencesSaves) return;
          dispatch(
            notificationsApi.util.updateQueryData(
              'getNotificationPreferences',
              undefined,
              () => data,
            ),
          );
        } catch {
          patch.undo();
          // A later save may already have stored this switch; ask the server what stands.
          dispatch(notificationsApi.util.invalidateTags(['NotificationPreferences']));
        }
      },
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;
