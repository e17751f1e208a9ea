import { toast } from 'sonner';
import { notificationPayloadSchema, SOCKET_EVENTS } from '../../../shared/realtime';
import { api } from '../../state/api';
import { selectPushAllowed } from '../profile';
import type { LiveFeature } from '../connection';
import { notificationsApi } from './notificationsApi';
import { upsertNotification } from './notificationsCache';

export const notificationsLive: LiveFeature = {
  name: 'notifications',
  handlers: {
    [SOCKET_EVENTS.notification]: (payload, dispatch, getState) => {
      const parsed = notificationPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { notification } = parsed.data;
      dispatch(
        notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
          upsertNotification(cache, notification),
        ),
      );
      // The list and the badge stay live either way; the push switch only silences the pop-up.
      // A merged notification keeps its id, so its toast is updated rather than stacked.
      if (!notification.read && selectPushAllowed(getState())) {
        toast(notification.title, { id: notification.id, description: notification.content });
      }
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
