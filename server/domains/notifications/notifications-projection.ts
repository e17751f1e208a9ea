import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { MAX_NOTIFICATIONS_PER_MEMBER } from '../../../shared/social/limits';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { NotificationIntent, NotificationWithdrawal } from '../../core/meanings';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import type { RecordedEvent } from '../../eventstore/stored-event';
import { lockMemberNotifications } from './member-lock';
import { eraseMemberNotifications } from './notifications-erasure';
import { notificationId, raisedNotification } from './notification-ids';
import { wants } from './preferences';

const own = [
  'NotificationRead',
  'AllNotificationsRead',
  'NotificationPreferencesChanged',
  'AccountDeleted',
] as const satisfies readonly EventType[];

/** The log position of the event being projected, read in its own transaction. */
const positionOf = (event: RecordedEvent) =>
  sql<number>`(select e.global_position from events e
    where e.stream_id = ${event.streamId} and e.stream_version = ${event.streamVersion}::int)`;

/**
 * Merges the notification into the member's unread one of the same group, or creates it, then
 * prunes the member's oldest beyond the limit; nothing at all when their in-app preference for
 * the type is off. Under the member's lock, each statement sees what the one before left. Every
 * value comes from the event, so a rebuild writes the same rows.
 *
 * The actor is a row of its own (`notification_actors`), so a merge writes one small row and the
 * group's count moves by what that insert wrote: the same work at the group's 5,000th actor as at
 * its second. An actor already in the group moves to the front (their row takes the event's log
 * position) and the count stays.
 */
function notify(event: RecordedEvent, intent: NotificationIntent): Statement[] {
  const { recipientId, actorId, type } = intent;
  const groupKey = intent.groupKey ?? type;
  const at = event.occurredAt;
  const actionData = JSON.stringify(intent.actionData);
  const recipient = sql`${recipientId}::uuid`;
  const actor = sql`${actorId}::uuid`;
  const enabled = wants(recipient, type, 'inApp');
  const position = positionOf(event);
  const id = notificationId(event.streamId, event.streamVersion, recipientId);
  const unreadGroup = sql`select id from notifications
    where user_id = ${recipient} and group_key = ${groupKey} and not read`;
  return [
    lockMemberNotifications(recipientId),
    statement(sql`with grp as (
        ${unreadGroup} and ${enabled} order by updated_at desc, id desc limit 1
      ), added as (
        insert into notification_actors (notification_id, actor_id, position)
        select grp.id, ${actor}, ${position} from grp
        on conflict (notification_id, actor_id) do nothing
        returning 1
      ), moved as (
        update notification_actors a set position = ${position}
        from grp where a.notification_id = grp.id and a.actor_id = ${actor}
      )
      update notifications n
      set actor_count = n.actor_count + (select count(*) from added)::int,
        message = ${intent.message}::text, source_key = ${intent.sourceKey}::text,
        action_url = ${intent.actionUrl}::text, action_data = ${actionData}::jsonb,
        updated_at = ${at}::timestamptz
      from grp where n.id = grp.id`),
    statement(sql`with created as (
        insert into notifications (id, user_id, type, group_key, source_key, message,
          actor_count, action_url, action_data, created_at, updated_at)
        select ${id}::uuid, ${recipient}, ${type}::text, ${groupKey}::text,
          ${intent.sourceKey}::text, ${intent.message}::text, 1, ${intent.actionUrl}::text,
          ${actionData}::jsonb, ${at}::timestamptz, ${at}::timestamptz
        where ${enabled} and not exists (${unreadGroup})
        returning id
      )
      insert into notification_actors (notification_id, actor_id, position)
      select created.id, ${actor}, ${position} from created`),
    // Only a notification just created can take the member past the limit: a merge adds none.
    statement(
      qb
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
        .where(raisedNotification(event, recipientId)),
    ),
  ];
}

/**
 * The actor leaves every notification of the group, read or not, so none still names them for
 * what they took back; the count drops by the rows removed, and a notification left with no
 * actor goes.
 */
function withdraw({ recipientId, actorId, groupKey }: NotificationWithdrawal): Statement[] {
  return [
    lockMemberNotifications(recipientId),
    statement(sql`with gone as (
        delete from notification_actors a using notifications n
        where n.id = a.notification_id and n.user_id = ${recipientId}::uuid
          and n.group_key = ${groupKey} and a.actor_id = ${actorId}::uuid
        returning a.notification_id
      )
      update notifications n set actor_count = n.actor_count - 1
      from gone where n.id = gone.notification_id`),
    statement(
      qb
        .deleteFrom('notifications')
        .where('user_id', '=', recipientId)
        .where('group_key', '=', groupKey)
        .where('actor_count', '=', 0),
    ),
  ];
}

/**
 * Notifications and preferences per member. Notifications are raised by the events other
 * domains declare as notifying (`notifies` in their meanings); the notifications themselves are
 * never events.
 */
export function notificationsProjection(meanings: MeaningCatalogue): Projection {
  return {
    name: 'notifications',
    tables: ['notifications', 'notification_actors', 'notification_preferences'],
    handles: [
      ...new Set([
        ...own,
        ...meanings.typesDeclaring('notifies'),
        ...meanings.typesDeclaring('withdraws'),
      ]),
    ],
    project(event) {
      switch (event.type) {
        case 'NotificationRead':
          return [
            statement(
              qb
                .updateTable('notifications')
                .set({ read: true })
                .where('id', '=', event.data.notificationId)
                .where('user_id', '=', event.data.userId),
            ),
          ];
        case 'AllNotificationsRead':
          return [
            statement(
              qb
                .updateTable('notifications')
                .set({ read: true })
                .where('user_id', '=', event.data.userId)
                .where('read', '=', false),
            ),
          ];
        case 'NotificationPreferencesChanged': {
          const preferences = JSON.stringify(event.data.preferences);
          return [
            statement(
              qb
                .insertInto('notification_preferences')
                .values({ user_id: event.data.userId, preferences })
                .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences })),
            ),
          ];
        }
        case 'AccountDeleted':
          return eraseMemberNotifications(event.data.userId);
        default:
          return [
            ...meanings.notifies(event).flatMap((intent) => notify(event, intent)),
            ...meanings.withdraws(event).flatMap(withdraw),
          ];
      }
    },
  };
}
