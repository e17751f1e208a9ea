import { notificationPayloadSchema, SOCKET_EVENTS } from '../../../shared/realtime';
import { api } from '../../app/api';
import { onResync, onSocketEvent } from '../connection/realtime';
import { notificationsApi } from './notificationsApi';
import { upsertNotification } from './notificationsCache';

onSocketEvent(SOCKET_EVENTS.notification, (payload, dispatch) => {
  const parsed = notificationPayloadSchema.safeParse(payload);
  if (!parsed.success) return;
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (cache) =>
      upsertNotification(cache, parsed.data.notification),
    ),
  );
});

// Read on another device (or tab): the push only says so, the list is fetched again.
onSocketEvent(SOCKET_EVENTS.notificationsChanged, (_payload, dispatch) => {
  dispatch(api.util.invalidateTags(['Notifications']));
});

// Preferences have no push of their own; a reconnect is when another device's change shows.
onResync((dispatch) => {
  dispatch(api.util.invalidateTags(['Notifications', 'NotificationPreferences']));
});
