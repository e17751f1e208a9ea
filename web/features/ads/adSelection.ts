import {
  MOBILE_MAX_WIDTH,
  type AdDefinition,
  type AdPlacement,
  type AdsConfig,
  type DeviceTarget,
} from '../../../shared/ads';

export type Device = Exclude<DeviceTarget, 'all'>;

/** 002 §9: a window 768 px wide or narrower is mobile. */
export function deviceForWidth(width: number): Device {
  return width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

export function targets(ad: AdDefinition, device: Device): boolean {
  return ad.deviceTarget === 'all' || ad.deviceTarget === device;
}

/**
 * What a placement shows on this device: its active ads that target the device, highest
 * priority first, at most the placement's `maxAds`. Ties keep the server's order, so every
 * member sees the same rotation.
 */
export function adsForPlacement(
  definitions: readonly AdDefinition[],
  placement: Pick<AdPlacement, 'maxAds'>,
  device: Device,
): AdDefinition[] {
  return definitions
    .filter((ad) => ad.active && targets(ad, device))
    .map((ad, order) => ({ ad, order }))
    .sort((a, b) => b.ad.priority - a.ad.priority || a.order - b.order)
    .slice(0, Math.max(0, placement.maxAds))
    .map(({ ad }) => ad);
}

export function findPlacement(config: AdsConfig, placementId: string): AdPlacement | undefined {
  return config.placements.find((placement) => placement.id === placementId);
}

/** 002 §4: the displayed ad index advances by one and wraps around. */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** An index kept in range when the list it points into shrinks (an owner paused an ad). */
export function clampIndex(index: number, count: number): number {
  return count <= 0 ? 0 : Math.min(Math.max(0, index), count - 1);
}

/**
 * The config with whichever copy of each ad and placement is newer: a push and a refetch may
 * cross, and an older answer must never undo a newer one.
 */
export function newerConfig(current: AdsConfig | undefined, incoming: AdsConfig): AdsConfig {
  if (!current) return incoming;
  const keepNewer = <T extends { id: string; version: number }>(
    mine: readonly T[],
    theirs: readonly T[],
  ): T[] =>
    theirs.map((item) => {
      const known = mine.find((candidate) => candidate.id === item.id);
      return known && known.version > item.version ? known : item;
    });
  return {
    definitions: keepNewer(current.definitions, incoming.definitions),
    placements: keepNewer(current.placements, incoming.placements),
    network: incoming.network,
  };
}

/** 002 §3: ctr as the owner's panel writes it, two decimals and a percent sign. */
export function formatCtr(ctr: number): string {
  return `${ctr.toFixed(2)}%`;
}
