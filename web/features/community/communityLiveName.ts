/** The lazy live feature of communities, as `web/app/liveFeatures.ts` lists it. */
export const COMMUNITY_LIVE_FEATURE = 'community';
