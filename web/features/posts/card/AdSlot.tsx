/**
 * Where a sponsored card goes between feed posts (000 §4). The ads arrive with the advertising
 * feature; until then the slot is an empty, labelled region of no height, so the feed reads on
 * without a gap.
 */
export function AdSlot({ slot }: { slot: string }) {
  return (
    <aside
      aria-label="Sponsored"
      data-testid="ad-slot-feed"
      data-placement="feed-inline"
      data-slot={slot}
      className="mt-4 empty:hidden"
    />
  );
}
