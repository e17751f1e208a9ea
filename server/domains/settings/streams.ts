/** A member's own settings: a stream apart from their account, so the two never race. */
export const memberSettingsStreamId = (userId: string) => `member-settings-${userId}`;
