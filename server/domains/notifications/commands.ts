import { isDeepStrictEqual } from 'node:util';
import { socialMessages } from '../../../shared/social/messages';
import type { NotificationPreferences } from '../../../shared/social/notifications';
import { appendTo, defineCommand } from '../../core/command';
import { notFound } from '../../core/errors';
import { exists, first, streamVersion } from '../../core/reads';
import { qb } from '../../db/statement';
import { preferencesRead } from './preferences';

/** One stream per member for what they do to their own notifications. */
export const notificationsStreamId = (userId: string) => `notifications-${userId}`;

const ownNotification = (userId: string, notificationId: string) =>
  qb
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', notificationId)
    .where('user_id', '=', userId);

/** Marks one of the member's notifications read (one already read changes nothing); answers it. */
export const markNotificationRead = defineCommand({
  name: 'notifications.markRead',
  load: ({ userId, notificationId }: { userId: string; notificationId: string }) => ({
    version: streamVersion(notificationsStreamId(userId)),
    notification: first(ownNotification(userId, notificationId)),
  }),
  decide({ version, notification }, { userId, notificationId }) {
    if (!notification) throw notFound(socialMessages.notificationNotFound);
    if (notification.read) return { result: notification };
    return {
      appends: [
        appendTo(notificationsStreamId(userId), version, [
          { type: 'NotificationRead', data: { userId, notificationId } },
        ]),
      ],
      reply: first(ownNotification(userId, notificationId)),
    };
  },
});

/** Marks every notification of the member read; appends only when one is unread. */
export const markAllNotificationsRead = defineCommand({
  name: 'notifications.markAllRead',
  load: ({ userId }: { userId: string }) => ({
    version: streamVersion(notificationsStreamId(userId)),
    unread: exists(
      qb
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('read', '=', false),
    ),
  }),
  decide({ version, unread }, { userId }) {
    if (!unread) return {};
    return {
      appends: [
        appendTo(notificationsStreamId(userId), version, [
          { type: 'AllNotificationsRead', data: { userId } },
        ]),
      ],
    };
  },
});

/** Replaces the member's preferences; the same ones again append nothing. */
export const changeNotificationPreferences = defineCommand({
  name: 'notifications.changePreferences',
  load: ({ userId }: { userId: string; preferences: NotificationPreferences }) => ({
    version: streamVersion(notificationsStreamId(userId)),
    current: preferencesRead(userId),
  }),
  decide({ version, current }, { userId, preferences }) {
    if (isDeepStrictEqual(current, preferences)) return { result: preferences };
    return {
      appends: [
        appendTo(notificationsStreamId(userId), version, [
          { type: 'NotificationPreferencesChanged', data: { userId, preferences } },
        ]),
      ],
      result: preferences,
    };
  },
});
