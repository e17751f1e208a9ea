import type { ReactNode } from 'react';
import { AdNetworkSlot } from './AdNetworkSlot';
import { INLINE_PLACEMENT_ID } from './placements';
import { RotatingAds, rotationOf } from './RotatingAds';
import { usePlacement } from './usePlacement';

/** 002 §3 and §9: the feed's sponsored slot, wide cards, at most 4 rotating. */
export function InlineAd() {
  const view = usePlacement(INLINE_PLACEMENT_ID);
  if (!view) return null;
  const { placement, ads, network, networkFailed } = view;
  if (network) {
    return (
      <AdNetworkSlot
        clientId={network.clientId}
        unitId={network.unitId}
        onFailure={networkFailed}
      />
    );
  }
  if (ads.length === 0) return null;
  return (
    <InlineLayer zIndex={placement.zIndex} placementId={placement.id}>
      <RotatingAds {...rotationOf(placement)} ads={ads} />
    </InlineLayer>
  );
}

/**
 * Where an inline card is drawn. The placement's z-index (100 for inline, 002 §9) orders the card
 * within a layer of its own, which sits at 0 among the page's: at 100 there, the card painted over
 * the top menu and took the clicks meant for the "N new posts" pill whenever it scrolled under them.
 */
export function InlineLayer({
  zIndex,
  placementId,
  children,
}: {
  zIndex: number;
  placementId: string;
  children: ReactNode;
}) {
  return (
    <div className="relative z-0">
      <div className="relative" style={{ zIndex }} data-placement={placementId}>
        {children}
      </div>
    </div>
  );
}
