/** The lazy live feature of profiles, as `web/app/liveFeatures.ts` lists it. */
export const PROFILE_LIVE_FEATURE = 'profile';
