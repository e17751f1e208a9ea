import { ADS_SOCKET_EVENTS, adsConfigSchema, adsMetricsReportSchema } from '../../../shared/ads';
import type { LiveFeature } from '../connection';
import { newerConfig } from './adSelection';
import { adsApi } from './adsApi';

/**
 * The owner's metrics report and everyone's ad config, both pushed whole: a report replaces the
 * cached one only when its version is higher, and each ad or placement keeps its newer copy.
 */
export const adsLive: LiveFeature = {
  name: 'ads',
  handlers: {
    [ADS_SOCKET_EVENTS.metrics]: (payload, dispatch) => {
      const parsed = adsMetricsReportSchema.safeParse(payload);
      if (!parsed.success) return;
      const report = parsed.data;
      dispatch(
        adsApi.util.updateQueryData('getAdsMetrics', undefined, (cached) =>
          report.version > cached.version ? report : cached,
        ),
      );
    },
    [ADS_SOCKET_EVENTS.config]: (payload, dispatch) => {
      const parsed = adsConfigSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(
        adsApi.util.updateQueryData('getAdsConfig', undefined, (cached) =>
          newerConfig(cached, parsed.data),
        ),
      );
    },
  },
  // Pushes missed while away are lost: both load again.
  resync(dispatch) {
    dispatch(adsApi.util.invalidateTags(['AdsConfig', 'AdsMetrics']));
  },
};
