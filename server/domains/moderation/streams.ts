import { z } from 'zod';

/**
 * The stream ids of moderation. A report is one stream per member and target, so a second
 * report of one thing meets the first's version; what moderators do to a piece of content, and
 * to a member, each have theirs.
 */
export const reportStreamId = (targetId: string, reporterId: string) =>
  `report-${targetId}-${reporterId}`;
export const contentModerationStreamId = (targetId: string) => `moderation-${targetId}`;
export const memberModerationStreamId = (userId: string) => `moderation-member-${userId}`;

const uuid = z.uuid();
/** An id that is not a UUID names nothing (Postgres would refuse it as a uuid). */
const NO_ID = '00000000-0000-0000-0000-000000000000';
export const idOrNone = (id: string) => (uuid.safeParse(id).success ? id.toLowerCase() : NO_ID);
