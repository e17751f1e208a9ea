import type { Generated } from 'kysely';

/** Every ad's counts since it was created. */
export interface AdMetricsTable {
  ad_id: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  last_shown: Date | null;
  /** Bumped by every change of the row, under its lock. */
  version: Generated<number>;
}
