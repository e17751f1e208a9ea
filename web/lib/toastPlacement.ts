/** The sticky header's height, set by the header while it is shown (`TopMenu`). */
export const HEADER_HEIGHT_VAR = '--app-header-height';

/** Space between the header and the first toast. */
const GAP = '0.75rem';
const belowHeader = `calc(var(${HEADER_HEIGHT_VAR}, 0px) + ${GAP})`;

/**
 * Toasts sit at the top right, below the header: at the top they covered its health badge and
 * theme toggle. Pages without the header (sign-in) keep them near the top edge.
 */
export const TOAST_OFFSET = { top: belowHeader, right: '1.5rem' } as const;
/** Below 600 px wide Sonner spans the width and reads these instead. */
export const TOAST_MOBILE_OFFSET = { top: belowHeader, right: '1rem', left: '1rem' } as const;
