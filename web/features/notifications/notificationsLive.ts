import { notificationPayloadSchema, SOCKET_EVENTS } from '../../../shared/realtime';
import { api } from '../../app/api';
import type { LiveFeature } from '../connection/liveFeature';
import { notificationsApi } from './notificationsApi';
import { upsertNotification } from './notificationsCache';

export const notificationsLive: LiveFeature = {
  name: 'notifications',
  handlers: {
    [SOCKET_EVENTS.notification]: (payload, dispatch) => {
      const parsed = notificationPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(
        notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
          upsertNotification(cache, parsed.data.notification),
        ),
      );
    },
    // Read on another device (or tab): the push only says so, the list is fetched again.
    [SOCKET_EVENTS.notificationsChanged]: (_payload, dispatch) => {
      dispatch(api.util.invalidateTags(['Notifications']));
    },
  },
  // Preferences have no push of their own; a reconnect is when another device's change shows.
  resync(dispatch) {
    dispatch(api.util.invalidateTags(['Notifications', 'NotificationPreferences']));
  },
};
