/** The two placements of 002 §3, by the ids the server seeds them with. */
export const FLOATING_PLACEMENT_ID = 'floating-top-right';
export const INLINE_PLACEMENT_ID = 'inline-feed';

/** Dismissing the floating card hides it for the rest of the tab's session. */
export const FLOATING_DISMISSED_KEY = 'agora.ads.floating-dismissed';

/** The owner's ads panel: a floating ad there would count the owner's own impressions. */
export const ADS_PANEL_PATH = '/ads/manage';
