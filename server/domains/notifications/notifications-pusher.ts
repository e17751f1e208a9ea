import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { presentNotifications } from './notification-presenter';

/**
 * After an event that notifies, pushes the recipient the notification it created or regrouped,
 * as it stands now (none when their in-app preference was off); after a read or a withdrawal,
 * tells all of the member's tabs to refetch. Only members with sockets in this process are looked up.
 */
export function notificationsPusher(meanings: MeaningCatalogue): Pusher {
  return {
    name: 'notifications',
    async push(events, io, db) {
      const key = (userId: string, type: string, sourceKey: string) =>
        `${userId}:${type}:${sourceKey}`;
      const wanted = new Map<string, { userId: string; sourceKey: string }>();
      const readBy = new Set<string>();
      for (const event of events) {
        for (const intent of meanings.notifies(event)) {
          if (!isHere(io, intent.recipientId)) continue;
          wanted.set(key(intent.recipientId, intent.type, intent.sourceKey), {
            userId: intent.recipientId,
            sourceKey: intent.sourceKey,
          });
        }
        if (
          (event.type === 'NotificationRead' || event.type === 'AllNotificationsRead') &&
          isHere(io, event.data.userId)
        ) {
          readBy.add(event.data.userId);
        }
        // A withdrawal may have removed a notification outright: the list is fetched again.
        for (const { recipientId } of meanings.withdraws(event)) {
          if (isHere(io, recipientId)) readBy.add(recipientId);
        }
      }

      if (wanted.size > 0) {
        const targets = [...wanted.values()];
        // A notification carries the key of what last raised it, until a later one regroups it;
        // then that later event pushes the row instead.
        const rows = await db
          .selectFrom('notifications')
          .selectAll()
          .where(
            'user_id',
            'in',
            targets.map((t) => t.userId),
          )
          .where(
            'source_key',
            'in',
            targets.map((t) => t.sourceKey),
          )
          .execute();
        const matching = rows.filter((row) =>
          wanted.has(key(row.user_id, row.type, row.source_key)),
        );
        const presented = await presentNotifications(db, matching, meanings);
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
}
