/** A member's tokens share one stream, so their number is checked against its version. */
export const apiTokensStreamId = (userId: string) => `api-tokens-${userId}`;
