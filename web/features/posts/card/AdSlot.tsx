import { Suspense } from 'react';
import { useAdSlots } from '../../../components/adSlotsContext';

/**
 * Where a sponsored card goes between feed posts (000 §4). Its code loads once the first page is
 * idle; until then, or with no ad to show, the slot is an empty, labelled region of no height, so
 * the feed reads on without a gap.
 */
export function AdSlot({ slot }: { slot: string }) {
  const ads = useAdSlots();
  return (
    <aside
      aria-label="Sponsored"
      data-testid="ad-slot-feed"
      data-placement="feed-inline"
      data-slot={slot}
      className="mt-4 empty:hidden"
    >
      {ads && (
        <Suspense fallback={null}>
          <ads.InlineAd />
        </Suspense>
      )}
    </aside>
  );
}
