import type { EventType } from '../../../shared/events';
import { MAX_NOTIFICATIONS_PER_MEMBER } from '../../../shared/social/limits';
import type { NotificationType } from '../../../shared/social/notifications';
import type { Trx } from '../../db/schema';
import type { Projection } from '../../eventstore/projection';
import type { StoredEvent } from '../../eventstore/stored-event';
import { lockMemberNotifications } from './member-lock';
import { notificationId } from './notification-ids';
import { mergeActors, notificationContent, notificationTitle } from './notification-text';
import { readPreferences } from './preferences';

const handles = [
  'FriendRequestSent',
  'FriendRequestAccepted',
  'NotificationRead',
  'AllNotificationsRead',
  'NotificationPreferencesChanged',
] as const satisfies readonly EventType[];

interface Occurrence {
  recipientId: string;
  actorId: string;
  type: NotificationType;
  message: string | null;
  actionUrl: string;
  actionData: Record<string, unknown>;
}

/** Where a friend event sends a notification, if it sends one. */
export function notificationOccurrence(event: StoredEvent): Occurrence | null {
  switch (event.type) {
    case 'FriendRequestSent':
      return {
        recipientId: event.data.toUserId,
        actorId: event.data.fromUserId,
        type: 'friend_request_received',
        message: event.data.message,
        actionUrl: '/friends?tab=requests',
        actionData: { requestId: event.data.requestId, userId: event.data.fromUserId },
      };
    case 'FriendRequestAccepted':
      return {
        recipientId: event.data.fromUserId,
        actorId: event.data.toUserId,
        type: 'friend_request_accepted',
        message: null,
        actionUrl: `/profile/${event.data.toUserId}`,
        actionData: { requestId: event.data.requestId, userId: event.data.toUserId },
      };
    default:
      return null;
  }
}

/**
 * Creates the notification, or merges it into the member's unread one of the same group, then
 * prunes the member's oldest beyond the limit. Every value comes from the event or from read
 * models as they stood at that point of the log, so a rebuild writes the same rows.
 */
async function notify(trx: Trx, event: StoredEvent, occurrence: Occurrence): Promise<void> {
  const { recipientId, actorId, type } = occurrence;
  await lockMemberNotifications(trx, recipientId);
  const preferences = await readPreferences(trx, recipientId);
  if (!preferences[type].inApp) return;

  const actor = await trx
    .selectFrom('users')
    .select('display_name')
    .where('id', '=', actorId)
    .executeTakeFirst();
  const actorName = actor?.display_name ?? 'Someone';
  const content = notificationContent(type, actorName, occurrence.message);
  const at = event.occurredAt;

  const group = await trx
    .selectFrom('notifications')
    .select(['id', 'actor_ids'])
    .where('user_id', '=', recipientId)
    .where('group_key', '=', type)
    .where('read', '=', false)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

  if (group) {
    const actorIds = mergeActors(group.actor_ids, actorId);
    await trx
      .updateTable('notifications')
      .set({
        title: notificationTitle(type, actorName, actorIds.length),
        content,
        actor_ids: actorIds,
        actor_count: actorIds.length,
        action_url: occurrence.actionUrl,
        action_data: JSON.stringify(occurrence.actionData),
        updated_at: at,
      })
      .where('id', '=', group.id)
      .execute();
    return;
  }

  await trx
    .insertInto('notifications')
    .values({
      id: notificationId(event.globalPosition, recipientId),
      user_id: recipientId,
      type,
      group_key: type,
      title: notificationTitle(type, actorName, 1),
      content,
      actor_ids: [actorId],
      actor_count: 1,
      action_url: occurrence.actionUrl,
      action_data: JSON.stringify(occurrence.actionData),
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx
    .deleteFrom('notifications')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', recipientId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(MAX_NOTIFICATIONS_PER_MEMBER),
    )
    .execute();
}

/** Notifications and preferences per member; the notifications themselves are never events. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: ['notifications', 'notification_preferences'],
  handles,
  async apply(event, trx) {
    switch (event.type) {
      case 'FriendRequestSent':
      case 'FriendRequestAccepted': {
        const occurrence = notificationOccurrence(event);
        if (occurrence) await notify(trx, event, occurrence);
        return;
      }
      case 'NotificationRead':
        await trx
          .updateTable('notifications')
          .set({ read: true })
          .where('id', '=', event.data.notificationId)
          .where('user_id', '=', event.data.userId)
          .execute();
        return;
      case 'AllNotificationsRead':
        await trx
          .updateTable('notifications')
          .set({ read: true })
          .where('user_id', '=', event.data.userId)
          .where('read', '=', false)
          .execute();
        return;
      case 'NotificationPreferencesChanged': {
        const preferences = JSON.stringify(event.data.preferences);
        await trx
          .insertInto('notification_preferences')
          .values({ user_id: event.data.userId, preferences })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences }))
          .execute();
        return;
      }
      default:
        return;
    }
  },
};
