import { z } from 'zod';

/**
 * A member's push subscriptions: which browsers they receive pushes on. The endpoint and keys
 * are operational rows (`push_endpoints`), never in the log.
 */
export const pushEvents = {
  PushSubscribed: z.strictObject({
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    device: z.string().max(100),
  }),
  PushUnsubscribed: z.strictObject({
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    /**
     * `removed` by the member, `expired` when the push service answered 404 or 410, `replaced`
     * when the browser subscribed again for another member (a shared computer).
     */
    reason: z.enum(['removed', 'expired', 'replaced']),
  }),
};
