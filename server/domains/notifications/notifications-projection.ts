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
import { notificationId } from './notification-ids';
import { wants } from './preferences';

const own = [
  'NotificationRead',
  'AllNotificationsRead',
  'NotificationPreferencesChanged',
  'AccountDeleted',
] as const satisfies readonly EventType[];

/**
 * Merges the notification into the member's unread one of the same group, or creates it, then
 * prunes the member's oldest beyond the limit; nothing at all when their in-app preference for
 * the type is off. Under the member's lock, each statement sees what the one before left. Every
 * value comes from the event, so a rebuild writes the same rows.
 */
function notify(event: RecordedEvent, intent: NotificationIntent): Statement[] {
  const { recipientId, actorId, type } = intent;
  const groupKey = intent.groupKey ?? type;
  const at = event.occurredAt;
  const actionData = JSON.stringify(intent.actionData);
  const enabled = wants(sql`${recipientId}::uuid`, type, 'inApp');
  const unreadGroup = qb
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', recipientId)
    .where('group_key', '=', groupKey)
    .where('read', '=', false);
  const merged = sql<
    string[]
  >`array_prepend(${actorId}::uuid, array_remove(actor_ids, ${actorId}::uuid))`;
  return [
    lockMemberNotifications(recipientId),
    statement(
      qb
        .updateTable('notifications')
        .set({
          actor_ids: merged,
          actor_count: sql<number>`cardinality(${merged})`,
          message: intent.message,
          source_key: intent.sourceKey,
          action_url: intent.actionUrl,
          action_data: actionData,
          updated_at: at,
        })
        .where('id', '=', (eb) =>
          eb
            .selectFrom(
              unreadGroup.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).as('g'),
            )
            .select('g.id'),
        )
        .where(enabled),
    ),
    statement(
      qb
        .insertInto('notifications')
        .columns([
          'id',
          'user_id',
          'type',
          'group_key',
          'source_key',
          'message',
          'actor_ids',
          'actor_count',
          'action_url',
          'action_data',
          'created_at',
          'updated_at',
        ])
        .expression(
          qb
            .selectNoFrom([
              sql`${notificationId(event.streamId, event.streamVersion, recipientId)}::uuid`.as(
                'id',
              ),
              sql`${recipientId}::uuid`.as('user_id'),
              sql`${type}::text`.as('type'),
              sql`${groupKey}::text`.as('group_key'),
              sql`${intent.sourceKey}::text`.as('source_key'),
              sql`${intent.message}::text`.as('message'),
              sql`array[${actorId}::uuid]`.as('actor_ids'),
              sql`1`.as('actor_count'),
              sql`${intent.actionUrl}::text`.as('action_url'),
              sql`${actionData}::jsonb`.as('action_data'),
              sql`${at}::timestamptz`.as('created_at'),
              sql`${at}::timestamptz`.as('updated_at'),
            ])
            .where(enabled)
            .where(({ not, exists }) => not(exists(unreadGroup))),
        ),
    ),
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
        ),
    ),
  ];
}

/**
 * The actor leaves every notification of the group, read or not, so none still names them for
 * what they took back; a notification left with no actor goes.
 */
function withdraw({ recipientId, actorId, groupKey }: NotificationWithdrawal): Statement[] {
  const remaining = sql<string[]>`array_remove(actor_ids, ${actorId}::uuid)`;
  const ofGroup = qb
    .updateTable('notifications')
    .where('user_id', '=', recipientId)
    .where('group_key', '=', groupKey);
  return [
    lockMemberNotifications(recipientId),
    statement(
      ofGroup
        .set({ actor_ids: remaining, actor_count: sql<number>`cardinality(${remaining})` })
        .where(sql<boolean>`${actorId}::uuid = any(actor_ids)`),
    ),
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
    tables: ['notifications', 'notification_preferences'],
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
