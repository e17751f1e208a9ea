import { useCallback, useMemo, useState } from 'react';
import type { AdDefinition, AdPlacement } from '../../../shared/ads';
import { adsForPlacement, findPlacement } from './adSelection';
import { useGetAdsConfigQuery } from './adsApi';
import { useDevice } from './useAdHooks';

export interface PlacementView {
  placement: AdPlacement;
  ads: AdDefinition[];
  /** The network's client and unit when the placement uses it and it has not failed. */
  network: { clientId: string; unitId: string } | null;
  networkFailed(): void;
}

/** What one placement shows on this device now; null until the config has loaded. */
export function usePlacement(placementId: string): PlacementView | null {
  const { data: config } = useGetAdsConfigQuery();
  const device = useDevice();
  const [networkFailedFor, setNetworkFailedFor] = useState<string | null>(null);
  const networkFailed = useCallback(() => setNetworkFailedFor(placementId), [placementId]);
  return useMemo(() => {
    const placement = config && findPlacement(config, placementId);
    if (!config || !placement) return null;
    const clientId = config.network?.clientId;
    const unitId = placement.adSenseUnitId;
    const network =
      placement.adSenseEnabled && clientId && unitId && networkFailedFor !== placementId
        ? { clientId, unitId }
        : null;
    return {
      placement,
      ads: adsForPlacement(config.definitions, placement, device),
      network,
      networkFailed,
    };
  }, [config, placementId, device, networkFailedFor, networkFailed]);
}
