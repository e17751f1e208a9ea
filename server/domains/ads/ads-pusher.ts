import { ADS_SOCKET_EVENTS, type AdsConfig } from '../../../shared/ads';
import type { EventType } from '../../../shared/events';
import { OPS_ROOM, type Pusher } from '../../realtime/pusher';
import type { AdsPricing } from './ads-presenter';
import { readAdsConfig, readMetricsReport } from './ads-read';

const CONFIG_EVENTS = new Set<EventType>([
  'AdDefinitionCreated',
  'AdDefinitionEdited',
  'AdPlacementCreated',
  'AdPlacementEdited',
]);

/**
 * After commit, the whole config to every connected member when an ad or a placement changed
 * (an open page shows the change without a reload), and the whole metrics report to owners when
 * counts or ads changed. Both are read after the commit, so they are at least as new as the
 * events; the versions (per item, and the report's) let a client drop an older one arriving late.
 */
export function createAdsPusher(network: AdsConfig['network'], pricing: AdsPricing): Pusher {
  return {
    name: 'ads',
    async push(events, io, db) {
      const configChanged = events.some((event) => CONFIG_EVENTS.has(event.type));
      const metricsChanged =
        configChanged || events.some((event) => event.type === 'AdMetricsRecorded');
      if (configChanged && io.sockets.sockets.size > 0) {
        io.local.emit(ADS_SOCKET_EVENTS.config, await readAdsConfig(db, network));
      }
      if (!metricsChanged || (io.sockets.adapter.rooms.get(OPS_ROOM)?.size ?? 0) === 0) return;
      io.local.to(OPS_ROOM).emit(ADS_SOCKET_EVENTS.metrics, await readMetricsReport(db, pricing));
    },
  };
}
