import { z } from 'zod';

/** A tag as stored: normalised, so every spelling of it is one follow. */
const tag = z.string().min(1).max(256);

/**
 * A member's follow of one tag is its stream, `tag-follow-<member>-<tag>`: following and
 * unfollowing alternate on it. A post's tags need no events of their own: they are read from the
 * content its post events carry.
 */
export const hashtagEvents = {
  TagFollowed: z.strictObject({ userId: z.uuid(), tag }),
  TagUnfollowed: z.strictObject({ userId: z.uuid(), tag }),
};
