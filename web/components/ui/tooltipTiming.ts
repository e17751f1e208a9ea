/** Spec 002 §9: a tip opens after 700 ms, and at once within 300 ms of the last one closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
