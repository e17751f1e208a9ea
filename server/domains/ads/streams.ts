/** The ad layer's streams; all of category `ad`, so a selective restore takes them together. */
export const adDefinitionStreamId = (adId: string) => `ad-definition-${adId}`;
export const adPlacementStreamId = (placementId: string) => `ad-placement-${placementId}`;
export const adMetricsStreamId = (adId: string) => `ad-metrics-${adId}`;
