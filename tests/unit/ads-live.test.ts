import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { ADS_SOCKET_EVENTS } from '../../shared/ads';
import { api } from '../../web/state/api';
import type { AppDispatch, RootState } from '../../web/state/store';
import { adsApi } from '../../web/features/ads/adsApi';
import { adsLive } from '../../web/features/ads/adsLive';
import { aConfig, anAd, aReport } from '../support/ad-fixture';

const stores: { dispatch: (action: ReturnType<typeof api.util.resetApiState>) => unknown }[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

function makeTestStore() {
  const store = configureStore({
    reducer: combineSlices(api),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  stores.push(store);
  const dispatch = store.dispatch as unknown as AppDispatch;
  const getState = () => store.getState() as unknown as RootState;
  const push = (event: string, payload: unknown) =>
    adsLive.handlers![event]!(payload, dispatch, getState);
  const metrics = () => adsApi.endpoints.getAdsMetrics.select()(getState()).data;
  const config = () => adsApi.endpoints.getAdsConfig.select()(getState()).data;
  return { dispatch, push, metrics, config };
}

describe('ads live', () => {
  it('keeps the newest metrics report by version', async () => {
    const { dispatch, push, metrics } = makeTestStore();
    await dispatch(adsApi.util.upsertQueryData('getAdsMetrics', undefined, aReport(5, 10, 1)));

    push(ADS_SOCKET_EVENTS.metrics, aReport(4, 9, 0));
    expect(metrics()?.version).toBe(5);

    push(ADS_SOCKET_EVENTS.metrics, aReport(6, 40, 1));
    expect(metrics()?.version).toBe(6);
    expect(metrics()?.totals.impressions).toBe(40);
    expect(metrics()?.ads[0]?.ctr).toBe(2.5);
  });

  it('ignores a payload that is not a report', async () => {
    const { dispatch, push, metrics } = makeTestStore();
    await dispatch(adsApi.util.upsertQueryData('getAdsMetrics', undefined, aReport(1)));
    push(ADS_SOCKET_EVENTS.metrics, { version: 99 });
    push(ADS_SOCKET_EVENTS.config, { definitions: 'nope' });
    expect(metrics()?.version).toBe(1);
  });

  it('applies a pushed config, keeping any ad the cache has newer', async () => {
    const { dispatch, push, config } = makeTestStore();
    const cached = aConfig({ definitions: [anAd({ title: 'Newest', version: 4 })] });
    await dispatch(adsApi.util.upsertQueryData('getAdsConfig', undefined, cached));

    push(
      ADS_SOCKET_EVENTS.config,
      aConfig({ definitions: [anAd({ title: 'Stale', version: 3 })] }),
    );
    expect(config()?.definitions[0]?.title).toBe('Newest');

    push(
      ADS_SOCKET_EVENTS.config,
      aConfig({ definitions: [anAd({ title: 'Paused', version: 5, active: false })] }),
    );
    expect(config()?.definitions[0]).toMatchObject({ title: 'Paused', active: false });
  });
});
