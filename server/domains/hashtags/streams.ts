/** A member's follow of one tag (normalised): following and unfollowing alternate on it. */
export const tagFollowStreamId = (userId: string, tag: string) => `tag-follow-${userId}-${tag}`;
