import { emailQueueStatsSchema } from '../../../shared/ops/email';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { api } from '../../state/api';
import type { AppDispatch } from '../../state/store';
import type { LiveFeature } from '../connection';
import { emailApi } from './emailApi';
import { applyQueuePush } from './emailQueueCache';

/** The list of recent emails follows the counts, refetched at most this often while they move. */
const LIST_REFRESH_MS = 1000;
let listRefresh: ReturnType<typeof setTimeout> | null = null;

function refreshListSoon(dispatch: AppDispatch): void {
  if (listRefresh) return;
  listRefresh = setTimeout(() => {
    listRefresh = null;
    dispatch(api.util.invalidateTags(['EmailQueue', 'EmailCaptured']));
  }, LIST_REFRESH_MS);
}

export const emailLive: LiveFeature = {
  name: 'email',
  handlers: {
    [OPS_EVENTS.queue]: (payload, dispatch) => {
      const parsed = emailQueueStatsSchema.safeParse(payload);
      if (!parsed.success) return;
      let applied = false;
      dispatch(
        emailApi.util.updateQueryData('getEmailQueue', undefined, (view) => {
          applied = applyQueuePush(view, parsed.data);
        }),
      );
      if (applied) refreshListSoon(dispatch);
    },
  },
  resync(dispatch) {
    dispatch(api.util.invalidateTags(['EmailQueue', 'EmailCaptured', 'EmailTemplates']));
  },
};
