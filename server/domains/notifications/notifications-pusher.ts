import { sql } from 'kysely';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import { userRoom, type Pusher } from '../../realtime/pusher';
import { presentNotifications } from './notification-presenter';
import { notificationOccurrence } from './notifications-projection';

/**
 * After a friend event, pushes the recipient the notification it created or regrouped, as it
 * stands now (none when their in-app preference was off); after a read, tells all of the
 * member's tabs to refetch. Only members with sockets in this process are looked up.
 */
export const notificationsPusher: Pusher = {
  name: 'notifications',
  async push(events, io, db) {
    const isHere = (userId: string) =>
      (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
    const key = (userId: string, type: string, requestId: unknown) =>
      `${userId}:${type}:${String(requestId)}`;
    const wanted = new Map<string, { userId: string; requestId: string }>();
    const readBy = new Set<string>();
    for (const event of events) {
      const occurrence = notificationOccurrence(event);
      if (occurrence && isHere(occurrence.recipientId)) {
        const { recipientId, type, actionData } = occurrence;
        wanted.set(key(recipientId, type, actionData.requestId), {
          userId: recipientId,
          requestId: String(actionData.requestId),
        });
      } else if (
        (event.type === 'NotificationRead' || event.type === 'AllNotificationsRead') &&
        isHere(event.data.userId)
      ) {
        readBy.add(event.data.userId);
      }
    }

    if (wanted.size > 0) {
      const targets = [...wanted.values()];
      // The notification a request raised carries its id until a later one regroups it; then
      // that later event pushes the row instead.
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where(
          'user_id',
          'in',
          targets.map((t) => t.userId),
        )
        .where(
          sql<string>`action_data->>'requestId'`,
          'in',
          targets.map((t) => t.requestId),
        )
        .execute();
      const matching = rows.filter((row) =>
        wanted.has(key(row.user_id, row.type, row.action_data.requestId)),
      );
      const presented = await presentNotifications(db, matching);
      matching.forEach((row, index) => {
        io.local
          .to(userRoom(row.user_id))
          .emit(SOCKET_EVENTS.notification, { notification: presented[index] });
      });
    }

    for (const userId of readBy) {
      io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.notificationsChanged, {});
    }
  },
};
