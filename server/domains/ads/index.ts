import type { DomainModule } from '../../core/module';
import { systemContext } from '../../core/context';
import { createAdMetricsWorker } from './ad-metrics-worker';
import { adNetworkOf, adsPricingOf } from './ads-read';
import { adsProjection } from './ads-projection';
import { createAdsPusher } from './ads-pusher';
import { seedAds } from './commands';
import { adsRoutes } from './routes';

/**
 * The ad layer (002 §3, §4, §9): the seeded ads and placements owners edit, impressions and
 * clicks counted in batches, and the owner's metrics report, pushed live with the config.
 */
export const adsModule: DomainModule = {
  name: 'ads',
  projections: () => [adsProjection],
  routes: adsRoutes,
  pushers: ({ config }) => [createAdsPusher(adNetworkOf(config), adsPricingOf(config))],
  workers: (deps) => [createAdMetricsWorker(deps)],
  start: ({ commands }) => commands.run(seedAds, undefined, systemContext()),
};
