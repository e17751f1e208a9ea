/** A member's business account: one stream per member, each save carrying the whole object. */
export const businessStreamId = (userId: string) => `business-${userId}`;
