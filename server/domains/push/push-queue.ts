import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { Db } from '../../db/schema';
import type { Pusher } from '../../realtime/pusher';
import { presentNotifications } from '../notifications/notification-presenter';
import { liveSockets } from '../presence/presence-read';
import { settingAllows } from '../settings/settings-read';
import { pushPayload } from './push-payload';
import { planPushes, raisedBy, type Reachable } from './push-plan';

/** Queued pushes wake the push workers of every process on this channel. */
export const PUSH_WAKE_CHANNEL = 'agora_push';

/**
 * The browsers of these members that may be pushed to now: the member is active, their push
 * switch is on and no socket of theirs is open on any live process (an open tab shows the
 * notification itself).
 */
async function reachableBrowsers(db: Db, memberIds: readonly string[]): Promise<Reachable[]> {
  const { rows } = await sql<{ user_id: string; subscription_id: string }>`
    select e.user_id, e.subscription_id
    from push_endpoints e
    join push_subscriptions s on s.id = e.subscription_id
    join users u on u.id = e.user_id and u.status = 'active'
    where e.user_id = any(${memberIds}::uuid[])
      and ${settingAllows(sql.ref('e.user_id'), 'push')}
      and ${liveSockets(sql.ref('e.user_id'))} = 0`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, subscriptionId: row.subscription_id }));
}

/**
 * Queues a Web Push for each notification that events raised for a member with no open socket,
 * after commit, as every relay reads the log: a rebuild replays no pushes, and a refused
 * command raised none. Every process's relay reads the same events, so each queues the same
 * rows: a row is written only when no push of that notification to that browser is queued for
 * this event or a newer one, and the unique index on the event's position settles two relays
 * writing at once. Delivery is the push worker's, which sends only the newest push of a group.
 */
export function pushQueuer(db: Db, meanings: MeaningCatalogue): Pusher {
  return {
    name: 'web-push',
    async push(events) {
      const raised = raisedBy(
        events.map((event) => ({
          globalPosition: event.globalPosition,
          intents: meanings.notifies(event),
        })),
      );
      if (raised.size === 0) return;
      const recipients = [...new Set([...raised.values()].map((r) => r.recipientId))];
      const reachable = await reachableBrowsers(db, recipients);
      if (reachable.length === 0) return;
      const members = [...new Set(reachable.map((r) => r.userId))];
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', 'in', members)
        .where(
          'source_key',
          'in',
          [...raised.values()].map((r) => r.sourceKey),
        )
        .execute();
      const planned = planPushes(raised, rows, reachable);
      if (planned.length === 0) return;
      const wanted = rows.filter((row) => planned.some((p) => p.notificationId === row.id));
      const presented = await presentNotifications(db, wanted, meanings);
      const payloads = new Map(presented.map((n) => [n.id, pushPayload(n)]));
      await queuePushes(
        db,
        planned.map((push) => ({ ...push, payload: payloads.get(push.notificationId)! })),
      );
    },
  };
}

async function queuePushes(
  db: Db,
  pushes: readonly {
    subscriptionId: string;
    notificationId: string;
    position: number;
    payload: { title: string; body: string; url: string };
  }[],
): Promise<void> {
  const column = <T>(pick: (push: (typeof pushes)[number]) => T) => pushes.map(pick);
  await sql`
    insert into push_outbox
      (id, subscription_id, notification_id, event_position, title, body, url)
    select t.* from unnest(
      ${column(() => randomUUID())}::uuid[], ${column((p) => p.subscriptionId)}::uuid[],
      ${column((p) => p.notificationId)}::uuid[], ${column((p) => p.position)}::bigint[],
      ${column((p) => p.payload.title)}::text[], ${column((p) => p.payload.body)}::text[],
      ${column((p) => p.payload.url)}::text[]
    ) as t(id, subscription_id, notification_id, event_position, title, body, url)
    where not exists (select 1 from push_outbox o
      where o.subscription_id = t.subscription_id and o.notification_id = t.notification_id
        and o.event_position >= t.event_position)
    on conflict (subscription_id, notification_id, event_position) do nothing`.execute(db);
  await sql`select pg_notify(${PUSH_WAKE_CHANNEL}, '')`.execute(db);
}
