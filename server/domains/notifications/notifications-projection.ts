import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import type { NotificationType } from '../../../shared/social/notifications';
import { MAX_NOTIFICATIONS_PER_MEMBER } from '../../../shared/social/limits';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { NotificationIntent, NotificationWithdrawal } from '../../core/meanings';
import { compiledOnce, slot, type Slots } from '../../db/compiled-once';
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

/** The log position of the event being projected, read in its own transaction. */
const positionOf = (streamId: string, streamVersion: number) =>
  sql<number>`(select e.global_position from events e
    where e.stream_id = ${streamId} and e.stream_version = ${streamVersion}::int)`;

/** What one notification's statements are built from; the type names the statements' shape. */
type Raised = [
  recipientId: string,
  actorId: string,
  groupKey: string,
  message: string | null,
  sourceKey: string,
  actionUrl: string,
  actionData: string,
  at: Date,
  streamId: string,
  streamVersion: number,
  id: string,
];

const raisedSlots: Slots<Raised> = [
  slot<string>('recipientId'),
  slot<string>('actorId'),
  slot<string>('groupKey'),
  slot<string | null>('message'),
  slot<string>('sourceKey'),
  slot<string>('actionUrl'),
  slot<string>('actionData'),
  slot<Date>('at'),
  slot<string>('streamId'),
  slot<number>('streamVersion'),
  slot<string>('id'),
];

const unreadGroupOf = (recipientId: string, groupKey: string) =>
  sql`select id from notifications
    where user_id = ${recipientId}::uuid and group_key = ${groupKey} and not read`;

/** The values of a `Raised`, by name, for the statements' builders below. */
const named = ([
  recipientId,
  actorId,
  groupKey,
  message,
  sourceKey,
  actionUrl,
  actionData,
  at,
  streamId,
  streamVersion,
  id,
]: Raised) => ({
  recipientId,
  actorId,
  groupKey,
  message,
  sourceKey,
  actionUrl,
  actionData,
  at,
  streamId,
  streamVersion,
  id,
});

/** Into the member's unread notification of the group, if there is one. */
const mergeQuery = compiledOnce(raisedSlots, (type: NotificationType, ...values: Raised) => {
  const v = named(values);
  const actor = sql`${v.actorId}::uuid`;
  const position = positionOf(v.streamId, v.streamVersion);
  return sql`with grp as (
      ${unreadGroupOf(v.recipientId, v.groupKey)} and ${wants(sql`${v.recipientId}::uuid`, type, 'inApp')}
      order by updated_at desc, id desc limit 1
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
      message = ${v.message}::text, source_key = ${v.sourceKey}::text,
      action_url = ${v.actionUrl}::text, action_data = ${v.actionData}::jsonb,
      updated_at = ${v.at}::timestamptz
    from grp where n.id = grp.id`;
});

/** A new notification when the member has no unread one of the group. */
const createQuery = compiledOnce(raisedSlots, (type: NotificationType, ...values: Raised) => {
  const v = named(values);
  const recipient = sql`${v.recipientId}::uuid`;
  return sql`with created as (
      insert into notifications (id, user_id, type, group_key, source_key, message,
        actor_count, action_url, action_data, created_at, updated_at)
      select ${v.id}::uuid, ${recipient}, ${type}::text, ${v.groupKey}::text,
        ${v.sourceKey}::text, ${v.message}::text, 1, ${v.actionUrl}::text,
        ${v.actionData}::jsonb, ${v.at}::timestamptz, ${v.at}::timestamptz
      where ${wants(recipient, type, 'inApp')} and not exists (${unreadGroupOf(v.recipientId, v.groupKey)})
      returning id
    )
    insert into notification_actors (notification_id, actor_id, position)
    select created.id, ${v.actorId}::uuid, ${positionOf(v.streamId, v.streamVersion)} from created`;
});

/** Only a notification just created can take the member past the limit: a merge adds none. */
const pruneQuery = compiledOnce(
  [slot<string>('recipientId'), slot<string>('id')],
  (_shape: 'prune', recipientId: string, id: string) =>
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
      .where(sql<boolean>`exists (select 1 from notifications where id = ${id}::uuid)`),
);

/**
 * Merges the notification into the member's unread one of the same group, or creates it, then
 * prunes the member's oldest beyond the limit; nothing at all when their in-app preference for
 * the type is off. Under the member's lock, each statement sees what the one before left. Every
 * value comes from the event, so a rebuild writes the same rows. The statements are built and
 * compiled once per type (db/compiled-once.ts): a hot post's likes each raise one, and building
 * them cost more than half of what the rest of a like's projections did.
 *
 * The actor is a row of its own (`notification_actors`), so a merge writes one small row and the
 * group's count moves by what that insert wrote: the same work at the group's 5,000th actor as at
 * its second. An actor already in the group moves to the front (their row takes the event's log
 * position) and the count stays.
 */
function notify(event: RecordedEvent, intent: NotificationIntent): Statement[] {
  const { recipientId, type } = intent;
  const id = notificationId(event.streamId, event.streamVersion, recipientId);
  const raised: Raised = [
    recipientId,
    intent.actorId,
    intent.groupKey ?? type,
    intent.message,
    intent.sourceKey,
    intent.actionUrl,
    JSON.stringify(intent.actionData),
    event.occurredAt,
    event.streamId,
    event.streamVersion,
    id,
  ];
  return [
    lockMemberNotifications(recipientId),
    statement(mergeQuery(type, ...raised)),
    statement(createQuery(type, ...raised)),
    statement(pruneQuery('prune', recipientId, id)),
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
