import type { PushSubscriptionView } from '../../../shared/push';
import type { Db } from '../../db/schema';
import { presentPushSubscription, subscriptionsOf } from './push-presenter';

/** The browsers a member receives pushes on. */
export async function readPushSubscriptions(
  db: Db,
  userId: string,
): Promise<PushSubscriptionView[]> {
  const rows = await db.executeQuery(subscriptionsOf(userId).compile());
  return rows.rows.map(presentPushSubscription);
}
