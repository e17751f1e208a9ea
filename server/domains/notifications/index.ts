import { sql } from 'kysely';
import type { DomainModule } from '../../core/module';
import { notificationsProjection } from './notifications-projection';
import { notificationsPusher } from './notifications-pusher';
import { notificationsRoutes } from './routes';

const recountMember = ({ userId }: { userId: string }) => ({ recount: { ids: [userId] } });

/**
 * Notifications raised by other domains' events (their `notifies` meanings), the member's read
 * state and preferences, and the unread count on the notifications badge.
 */
export const notificationsModule: DomainModule = {
  name: 'notifications',
  meanings: {
    events: {
      NotificationRead: { badges: recountMember },
      AllNotificationsRead: { badges: recountMember },
      NotificationPreferencesChanged: { badges: recountMember },
    },
    badgeCounters: {
      notifications: (userId) =>
        sql<number>`(select count(*) from notifications n where n.user_id = ${userId} and not n.read)::int`,
    },
  },
  projections: (meanings) => [notificationsProjection(meanings)],
  routes: notificationsRoutes,
  pushers: ({ meanings }) => [notificationsPusher(meanings)],
};
