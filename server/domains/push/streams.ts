/** A member's push subscriptions share one stream, so their number is checked against its version. */
export const pushStreamId = (userId: string) => `push-subscriptions-${userId}`;
