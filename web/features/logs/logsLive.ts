import { logsPushSchema } from '../../../shared/ops/logs';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { api } from '../../state/api';
import type { LiveFeature } from '../connection';
import { logsApi } from './logsApi';
import { addLogEntries } from './logsCache';

export const logsLive: LiveFeature = {
  name: 'logs',
  handlers: {
    // New entries join every log list on screen whose filters they match.
    [OPS_EVENTS.logs]: (payload, dispatch, getState) => {
      const parsed = logsPushSchema.safeParse(payload);
      if (!parsed.success) return;
      if (!parsed.data.complete) {
        // More arrived than one push could carry: the lists are fetched again instead.
        dispatch(api.util.invalidateTags(['Logs']));
        return;
      }
      for (const filter of logsApi.util.selectCachedArgsForQuery(getState(), 'getLogs')) {
        dispatch(
          logsApi.util.updateQueryData('getLogs', filter, (cache) =>
            addLogEntries(cache, parsed.data.entries, filter),
          ),
        );
      }
    },
  },
  resync(dispatch) {
    dispatch(api.util.invalidateTags(['Logs']));
  },
};
