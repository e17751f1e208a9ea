import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/**
 * `push_subscriptions` from the subscriptions' events. An ended subscription takes its endpoint
 * and its pushes (operational rows a rebuild finds already gone); a deleted
 * member's go with them.
 */
export const pushProjection: Projection = {
  name: 'push',
  tables: ['push_subscriptions'],
  handles: ['PushSubscribed', 'PushUnsubscribed', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'PushSubscribed': {
        const { userId, subscriptionId, device } = event.data;
        return [
          statement(
            qb.insertInto('push_subscriptions').values({
              id: subscriptionId,
              user_id: userId,
              device,
              created_at: event.occurredAt,
            }),
          ),
        ];
      }
      case 'PushUnsubscribed': {
        const { subscriptionId } = event.data;
        return [
          statement(qb.deleteFrom('push_outbox').where('subscription_id', '=', subscriptionId)),
          statement(qb.deleteFrom('push_endpoints').where('subscription_id', '=', subscriptionId)),
          statement(qb.deleteFrom('push_subscriptions').where('id', '=', subscriptionId)),
        ];
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        return [
          statement(
            qb
              .deleteFrom('push_outbox')
              .where('subscription_id', 'in', (eb) =>
                eb
                  .selectFrom('push_endpoints')
                  .select('subscription_id')
                  .where('user_id', '=', userId),
              ),
          ),
          statement(qb.deleteFrom('push_endpoints').where('user_id', '=', userId)),
          statement(qb.deleteFrom('push_subscriptions').where('user_id', '=', userId)),
        ];
      }
      default:
        return [];
    }
  },
};
