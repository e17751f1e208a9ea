/** The look of the hub's text areas and selects, matching `components/ui/input`. */
export const fieldClass =
  'w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60';
