/**
 * Streams of the profiles domain besides the member's own `user-<id>` (edits, card settings,
 * images, the follows they make): views, the sequence and the uuid mapping each have one, so
 * a burst of them never races an edit for the member stream's version.
 */
export const profileViewsStreamId = (userId: string) => `profile-views-${userId}`;
export const userSequenceStreamId = (userId: string) => `user-sequence-${userId}`;
export const userMappingStreamId = (userId: string) => `user-mapping-${userId}`;
