import {
  alertPushSchema,
  monitoringPushSchema,
  SERVER_METRICS,
} from '../../../shared/ops/monitoring';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { api } from '../../state/api';
import type { LiveFeature, PushHandler } from '../connection';
import { monitoringApi } from './monitoringApi';
import { addEvents, addMetrics, upsertAlert } from './monitoringCache';

// New telemetry lands in every list and chart on screen whose filters it matches.
const telemetryReceived: PushHandler = (payload, dispatch, getState) => {
  const parsed = monitoringPushSchema.safeParse(payload);
  if (!parsed.success) return;
  const { events, metrics } = parsed.data;
  const state = getState();
  if (events.length > 0) {
    for (const query of monitoringApi.util.selectCachedArgsForQuery(state, 'getMonitoringEvents')) {
      dispatch(
        monitoringApi.util.updateQueryData('getMonitoringEvents', query, (list) =>
          addEvents(list, events, query),
        ),
      );
    }
  }
  if (metrics.length > 0) {
    for (const query of monitoringApi.util.selectCachedArgsForQuery(
      state,
      'getMonitoringMetrics',
    )) {
      dispatch(
        monitoringApi.util.updateQueryData('getMonitoringMetrics', query, (response) =>
          addMetrics(response, metrics, query),
        ),
      );
    }
  }
  // Counts are recounted by the server, never bumped here; samples of sockets, lag and vitals
  // arrive every few seconds and change no card, so only events and request timings refetch.
  if (events.length > 0 || metrics.some((m) => m.name === SERVER_METRICS.requestDuration)) {
    dispatch(api.util.invalidateTags(['MonitoringSummary']));
  }
};

const alertReceived: PushHandler = (payload, dispatch) => {
  const parsed = alertPushSchema.safeParse(payload);
  if (!parsed.success) return;
  dispatch(
    monitoringApi.util.updateQueryData('getAlerts', undefined, (alerts) =>
      upsertAlert(alerts, parsed.data.alert),
    ),
  );
  dispatch(api.util.invalidateTags(['MonitoringSummary']));
};

export const monitoringLive: LiveFeature = {
  name: 'monitoring',
  handlers: {
    [OPS_EVENTS.monitoring]: telemetryReceived,
    [OPS_EVENTS.alert]: alertReceived,
  },
  resync(dispatch) {
    dispatch(
      api.util.invalidateTags([
        'MonitoringEvents',
        'MonitoringMetrics',
        'MonitoringSummary',
        'Alerts',
      ]),
    );
  },
};
