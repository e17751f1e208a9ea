import { createContext, useContext, type ComponentType } from 'react';

/** What fills the layout's ad slots: the floating card and the feed's inline card. */
export interface AdSlotComponents {
  FloatingAd: ComponentType;
  InlineAd: ComponentType;
}

/**
 * The slots of the shell and the feed read the ad layer from here rather than importing it: the
 * app provides it (`web/app/adSlots.tsx`), loaded once the first page is idle.
 */
export const AdSlotsContext = createContext<AdSlotComponents | null>(null);

/** The ad components, or null where no provider gives any (the slots then stay empty). */
export function useAdSlots(): AdSlotComponents | null {
  return useContext(AdSlotsContext);
}
