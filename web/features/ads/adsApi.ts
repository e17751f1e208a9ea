import {
  adDefinitionSchema,
  adPlacementSchema,
  adsConfigSchema,
  adsMetricsReportSchema,
  type AdDefinition,
  type AdPlacement,
  type AdsConfig,
  type AdsMetricsReport,
  type PatchAdDefinition,
  type PatchAdPlacement,
} from '../../../shared/ads';
import { api } from '../../state/api';
import { newerConfig } from './adSelection';

/**
 * The ad layer: what every member's placements show (`GET /ads`), and for the owner the live
 * metrics and the editing of each ad and placement. An edit's answer replaces the cached copy,
 * and a newer copy (by version) always wins over an older one, whichever arrives first.
 */
export const adsApi = api
  .enhanceEndpoints({ addTagTypes: ['AdsConfig', 'AdsMetrics'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdsConfig: build.query<AdsConfig, void>({
        query: () => 'ads',
        transformResponse: (raw: unknown) => adsConfigSchema.parse(raw),
        providesTags: ['AdsConfig'],
      }),
      getAdsMetrics: build.query<AdsMetricsReport, void>({
        query: () => 'ads/metrics',
        transformResponse: (raw: unknown) => adsMetricsReportSchema.parse(raw),
        providesTags: ['AdsMetrics'],
      }),
      updateAdDefinition: build.mutation<AdDefinition, { id: string; patch: PatchAdDefinition }>({
        query: ({ id, patch }) => ({ url: `ads/definitions/${id}`, method: 'PATCH', body: patch }),
        transformResponse: (raw: unknown) => adDefinitionSchema.parse(raw),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(
            adsApi.util.updateQueryData('getAdsConfig', undefined, (config) =>
              newerConfig(config, {
                ...config,
                definitions: config.definitions.map((ad) => (ad.id === data.id ? data : ad)),
              }),
            ),
          );
        },
      }),
      updateAdPlacement: build.mutation<AdPlacement, { id: string; patch: PatchAdPlacement }>({
        query: ({ id, patch }) => ({ url: `ads/placements/${id}`, method: 'PATCH', body: patch }),
        transformResponse: (raw: unknown) => adPlacementSchema.parse(raw),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(
            adsApi.util.updateQueryData('getAdsConfig', undefined, (config) =>
              newerConfig(config, {
                ...config,
                placements: config.placements.map((p) => (p.id === data.id ? data : p)),
              }),
            ),
          );
        },
      }),
    }),
  });

export const {
  useGetAdsConfigQuery,
  useGetAdsMetricsQuery,
  useUpdateAdDefinitionMutation,
  useUpdateAdPlacementMutation,
} = adsApi;
