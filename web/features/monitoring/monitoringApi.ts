import { api } from '../../state/api';
import {
  alertSchema,
  alertsResponseSchema,
  eventsResponseSchema,
  metricsResponseSchema,
  monitoringSummarySchema,
  type Alert,
  type CreateAlertInput,
  type EventsQuery,
  type MetricsQuery,
  type MetricsResponse,
  type MonitoringEvent,
  type MonitoringRange,
  type MonitoringSummary,
} from '../../../shared/ops/monitoring';
import { databaseStatusSchema, type DatabaseStatus } from '../../../shared/ops/database';
import { upsertAlert } from './monitoringCache';

/** Drops unset filters so equal filters share one cache entry and one URL. */
const params = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

export const monitoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMonitoringEvents: build.query<MonitoringEvent[], EventsQuery>({
      query: (query) => ({ url: 'monitoring/events', params: params(query) }),
      transformResponse: (raw: unknown) => eventsResponseSchema.parse(raw).events,
      providesTags: ['MonitoringEvents'],
    }),
    getMonitoringMetrics: build.query<MetricsResponse, MetricsQuery>({
      query: (query) => ({ url: 'monitoring/metrics', params: params(query) }),
      transformResponse: (raw: unknown) => metricsResponseSchema.parse(raw),
      providesTags: ['MonitoringMetrics'],
    }),
    getMonitoringSummary: build.query<MonitoringSummary, MonitoringRange>({
      query: (range) => ({ url: 'monitoring/summary', params: { range } }),
      transformResponse: (raw: unknown) => monitoringSummarySchema.parse(raw),
      providesTags: ['MonitoringSummary'],
    }),
    getDatabaseStatus: build.query<DatabaseStatus, void>({
      query: () => 'monitoring/database',
      transformResponse: (raw: unknown) => databaseStatusSchema.parse(raw),
    }),
    getAlerts: build.query<Alert[], void>({
      query: () => 'monitoring/alerts',
      transformResponse: (raw: unknown) => alertsResponseSchema.parse(raw).alerts,
      providesTags: ['Alerts'],
    }),
    createAlert: build.mutation<Alert, CreateAlertInput>({
      query: (body) => ({ url: 'monitoring/alerts', method: 'POST', body }),
      transformResponse: (raw: unknown) => alertSchema.parse(raw),
      async onQueryStarted(_input, { dispatch, queryFulfilled }): Promise<void> {
        const { data } = await queryFulfilled;
        dispatch(
          monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) =>
            upsertAlert(alerts, data),
          ),
        );
      },
    }),
    acknowledgeAlert: build.mutation<Alert, string>({
      query: (id) => ({
        url: `monitoring/alerts/${encodeURIComponent(id)}/acknowledge`,
        method: 'POST',
      }),
      transformResponse: (raw: unknown) => alertSchema.parse(raw),
      async onQueryStarted(_id, { dispatch, queryFulfilled }): Promise<void> {
        const { data } = await queryFulfilled;
        dispatch(
          monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) =>
            upsertAlert(alerts, data),
          ),
        );
      },
    }),
  }),
});

export const {
  useGetMonitoringEventsQuery,
  useGetMonitoringMetricsQuery,
  useGetMonitoringSummaryQuery,
  useGetAlertsQuery,
  useGetDatabaseStatusQuery,
  useCreateAlertMutation,
  useAcknowledgeAlertMutation,
} = monitoringApi;
