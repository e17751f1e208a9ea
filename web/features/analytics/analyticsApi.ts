import {
  analyticsReportSchema,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsScope,
} from '../../../shared/analytics';
import { api } from '../../state/api';

export interface AnalyticsArg {
  range: AnalyticsRange;
  scope: AnalyticsScope;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsReport, AnalyticsArg>({
      query: ({ range, scope }) => ({ url: 'analytics', params: { range, scope } }),
      transformResponse: (raw: unknown) => analyticsReportSchema.parse(raw),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
