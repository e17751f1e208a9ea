/** The hashtags' live feature, loaded when a tag page mounts (`web/app/liveFeatures.ts`). */
export const HASHTAGS_LIVE_FEATURE = 'hashtags';
