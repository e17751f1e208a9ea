import type { PushSubscriptionView } from '../../../shared/push';
import { qb } from '../../db/statement';

/** A subscription as the read model and its endpoint's last use give it. */
export interface PushSubscriptionRow {
  id: string;
  device: string;
  created_at: Date;
  last_used_at: Date;
}

/** The one presenter of a subscription: the list and the answer to a registration alike. */
export function presentPushSubscription(row: PushSubscriptionRow): PushSubscriptionView {
  return {
    id: row.id,
    device: row.device,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
  };
}

/** A member's subscriptions with their endpoints' last use, newest use first. */
export function subscriptionsOf(userId: string) {
  return qb
    .selectFrom('push_subscriptions as s')
    .innerJoin('push_endpoints as e', 'e.subscription_id', 's.id')
    .select(['s.id', 's.device', 's.created_at', 'e.last_used_at'])
    .where('s.user_id', '=', userId)
    .orderBy('e.last_used_at', 'desc')
    .orderBy('s.id');
}
