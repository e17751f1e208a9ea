import { useEffect, useRef } from 'react';
import { adsMessages } from '../../../shared/ads';
import { loadNetworkScript, pushNetworkSlot } from './networkScript';

export interface AdNetworkSlotProps {
  clientId: string;
  unitId: string;
  /** The script or the push failed: the placement shows its house ads instead. */
  onFailure(): void;
}

/** The third-party network's unit (002 §7 Stubs), mounted only where an owner turned it on. */
export function AdNetworkSlot({ clientId, unitId, onFailure }: AdNetworkSlotProps) {
  const pushed = useRef(false);
  useEffect(() => {
    let cancelled = false;
    loadNetworkScript(clientId)
      .then(() => {
        if (cancelled || pushed.current) return;
        pushed.current = true;
        pushNetworkSlot();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(adsMessages.networkLoadFailed, error);
        onFailure();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, onFailure]);

  return (
    <ins
      className="adsbygoogle block min-h-24 w-full"
      data-ad-client={clientId}
      data-ad-slot={unitId}
      data-ad-format="auto"
      data-full-width-responsive="true"
    />
  );
}
