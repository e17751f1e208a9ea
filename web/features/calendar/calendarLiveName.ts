/** The lazy live feature of events, as `web/app/liveFeatures.ts` lists it. */
export const CALENDAR_LIVE_FEATURE = 'calendar';
