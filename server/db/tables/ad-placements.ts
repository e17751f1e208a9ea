/** Where ads show (002 §3 Advertising), one row per placement. */
export interface AdPlacementsTable {
  id: string;
  type: string;
  orientation: string;
  position: string;
  auto_rotate: boolean;
  rotation_interval: number;
  max_ads: number;
  z_index: number;
  ad_sense_enabled: boolean;
  ad_sense_unit_id: string | null;
  /** Counts the placement's events, as its stream does. */
  version: number;
}
