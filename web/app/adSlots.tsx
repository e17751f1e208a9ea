import type { ReactNode } from 'react';
import { AdSlotsContext, type AdSlotComponents } from '../components/adSlotsContext';
import { afterFirstPage } from '../lib/afterFirstPage';
import { lazyPage } from '../lib/lazyPage';

/**
 * A chunk that fails to load (say, after a deploy) leaves the slots empty until the next page
 * load, rather than taking the page down with it.
 */
const adLayer = () =>
  afterFirstPage()
    .then(() => import('../features/ads/adLayer'))
    .catch(() => ({ FloatingAd: () => null, InlineAd: () => null }));

const lazyAdLayer: AdSlotComponents = {
  FloatingAd: lazyPage(adLayer, 'FloatingAd'),
  InlineAd: lazyPage(adLayer, 'InlineAd'),
};

/**
 * Hands the ad layer to the slots of the shell and the feed, which neither import it nor load it
 * with the first page (its budget has no room for ads): its code is fetched once the browser is
 * first idle after the page has loaded, and the slots show nothing until it is here.
 */
export function AdSlotsProvider({ children }: { children: ReactNode }) {
  return <AdSlotsContext.Provider value={lazyAdLayer}>{children}</AdSlotsContext.Provider>;
}
