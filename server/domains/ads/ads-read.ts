import { sql } from 'kysely';
import type { AdsConfig, AdsMetricsReport } from '../../../shared/ads';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';
import {
  presentDefinition,
  presentPlacement,
  presentReport,
  type AdsPricing,
} from './ads-presenter';

/** The third-party ad network as clients see it: its client id when the server has one. */
export const adNetworkOf = (config: Pick<Config, 'ADSENSE_CLIENT_ID'>): AdsConfig['network'] =>
  config.ADSENSE_CLIENT_ID ? { clientId: config.ADSENSE_CLIENT_ID } : null;

export const adsPricingOf = (
  config: Pick<Config, 'ADS_PRICE_PER_THOUSAND' | 'ADS_PRICE_PER_CLICK' | 'ADS_CURRENCY'>,
): AdsPricing => ({
  perThousandImpressions: config.ADS_PRICE_PER_THOUSAND,
  perClick: config.ADS_PRICE_PER_CLICK,
  currency: config.ADS_CURRENCY,
});

/** Every ad, paused ones included (an owner resumes them from here), by priority descending. */
export async function readAdsConfig(db: Db, network: AdsConfig['network']): Promise<AdsConfig> {
  const [definitions, placements] = await Promise.all([
    db.selectFrom('ad_definitions').selectAll().orderBy('priority', 'desc').orderBy('id').execute(),
    db.selectFrom('ad_placements').selectAll().orderBy('id').execute(),
  ]);
  return {
    definitions: definitions.map(presentDefinition),
    placements: placements.map(presentPlacement),
    network,
  };
}

/**
 * Every ad's counts in the config's order, read in one statement so the version agrees with
 * them. The version is the sum of the per-row change counters of the definitions and the
 * counts: each rises under its row's lock, so the sum rises with every change of the report.
 */
export async function readMetricsReport(db: Db, pricing: AdsPricing): Promise<AdsMetricsReport> {
  const rows = await db
    .selectFrom('ad_definitions as d')
    .leftJoin('ad_metrics as m', 'm.ad_id', 'd.id')
    .select([
      'd.id as ad_id',
      sql<number>`coalesce(m.impressions, 0)`.as('impressions'),
      sql<number>`coalesce(m.clicks, 0)`.as('clicks'),
      'm.last_shown',
      sql<number>`(select coalesce(sum(version), 0) from ad_definitions)
        + (select coalesce(sum(version), 0) from ad_metrics)`.as('report_version'),
    ])
    .orderBy('d.priority', 'desc')
    .orderBy('d.id')
    .execute();
  return presentReport(rows, pricing, rows[0]?.report_version ?? 0);
}

/** The ids of a batch that name no ad, and no placement. */
export async function unknownAdIds(
  db: Db,
  adIds: readonly string[],
  placementIds: readonly string[],
): Promise<{ ads: string[]; placements: string[] }> {
  const { rows } = await sql<{ ads: string[]; placements: string[] }>`
    select
      array(select id from unnest(${adIds}::text[]) as given(id)
            where id not in (select id from ad_definitions) order by id) as ads,
      array(select id from unnest(${placementIds}::text[]) as given(id)
            where id not in (select id from ad_placements) order by id) as placements`.execute(db);
  return rows[0]!;
}
