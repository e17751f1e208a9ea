import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import {
  adsMessages,
  INDICATOR_DOTS,
  type AdDefinition,
  type AdPlacement,
} from '../../../shared/ads';
import { cn } from '../../lib/cn';
import { AdCard } from './AdCard';
import { recordAdEvent, startAdRuntime } from './adRuntime';
import { useImpression, usePauseWhileEngaged, useRotation } from './useAdHooks';

export function showComingSoon(): void {
  toast.info(adsMessages.comingSoon, { id: 'ads-coming-soon' });
}

export interface RotatingAdsProps {
  placementId: string;
  ads: readonly AdDefinition[];
  orientation: 'vertical' | 'horizontal';
  intervalMs: number;
  autoRotate: boolean;
  /** The floating card's six indicator dots (002 §9). */
  dots?: boolean;
}

/** How a placement rotates its ads, as RotatingAds takes it. */
export function rotationOf(
  placement: AdPlacement,
): Pick<RotatingAdsProps, 'placementId' | 'orientation' | 'intervalMs' | 'autoRotate'> {
  return {
    placementId: placement.id,
    orientation: placement.orientation,
    intervalMs: placement.rotationInterval,
    autoRotate: placement.autoRotate,
  };
}

/**
 * A placement's ads, one at a time: the next every interval with a 300 ms fade (none with
 * reduced motion), paused while the pointer or focus is on it. Each showing may count one
 * impression; the button counts a click and announces the coming subscription.
 */
export function RotatingAds({
  placementId,
  ads,
  orientation,
  intervalMs,
  autoRotate,
  dots = false,
}: RotatingAdsProps) {
  useEffect(startAdRuntime, []);
  const { container, paused, handlers } = usePauseWhileEngaged();
  const { index, serial, show } = useRotation({
    count: ads.length,
    intervalMs,
    autoRotate,
    paused,
  });
  const ad = ads[index];
  const shown = useRef<HTMLDivElement>(null);
  useImpression(shown, ad ? { adId: ad.id, placementId } : null, `${serial}:${ad?.id ?? ''}`);
  if (!ad) return null;

  const subscribe = () => {
    recordAdEvent({ adId: ad.id, placementId, kind: 'click' });
    showComingSoon();
  };

  return (
    <div ref={container} {...handlers} data-paused={paused} className="flex flex-col gap-2">
      <div
        ref={shown}
        key={serial}
        className="animate-[fade-in_300ms_ease-out] motion-reduce:animate-none"
      >
        <AdCard ad={ad} orientation={orientation} onSubscribe={subscribe} />
      </div>
      {dots && (
        <div role="group" aria-label="Choose an ad" className="flex justify-center">
          {Array.from({ length: INDICATOR_DOTS }, (_, position) => {
            const available = position < ads.length;
            const current = position === index;
            // The dot is drawn 10 px wide; the button around it is the 24 px target WCAG 2.2 asks.
            return (
              <button
                key={position}
                type="button"
                disabled={!available}
                aria-label={
                  available ? `Show ad ${position + 1} of ${ads.length}` : `No ad ${position + 1}`
                }
                aria-current={current ? 'true' : undefined}
                onClick={() => show(position)}
                className="group/dot flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
              >
                <span
                  aria-hidden
                  className={cn(
                    'size-2.5 rounded-full transition-colors',
                    current
                      ? 'bg-primary'
                      : 'bg-muted-foreground/40 group-hover/dot:bg-muted-foreground/70',
                    !available && 'opacity-30',
                  )}
                />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
