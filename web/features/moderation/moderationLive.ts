import {
  auditEntrySchema,
  MODERATION_SOCKET_EVENTS,
  moderationItemSchema,
} from '../../../shared/moderation';
import { api } from '../../state/api';
import type { LiveFeature } from '../connection';
import { mergeAuditEntry, mergeQueueItem } from './moderationCache';
import { moderationApi } from './moderationApi';

/**
 * The queue and the audit list follow the moderation room's pushes: each queue page on screen
 * takes the item (whole, versioned), the first audit page the entry. Loaded with the page.
 */
export const moderationLive: LiveFeature = {
  name: 'moderation',
  handlers: {
    [MODERATION_SOCKET_EVENTS.item]: (payload, dispatch, getState) => {
      const parsed = moderationItemSchema.safeParse((payload as { item?: unknown } | null)?.item);
      if (!parsed.success) return;
      const args = moderationApi.util.selectCachedArgsForQuery(getState(), 'getModerationQueue');
      for (const arg of args) {
        dispatch(
          moderationApi.util.updateQueryData('getModerationQueue', arg, (page) =>
            mergeQueueItem(page, arg.status, parsed.data, arg.cursor === undefined),
          ),
        );
      }
    },
    [MODERATION_SOCKET_EVENTS.audit]: (payload, dispatch) => {
      const parsed = auditEntrySchema.safeParse((payload as { entry?: unknown } | null)?.entry);
      if (!parsed.success) return;
      dispatch(
        moderationApi.util.updateQueryData('getModerationAudit', undefined, (page) =>
          mergeAuditEntry(page, parsed.data),
        ),
      );
    },
  },
  resync(dispatch) {
    dispatch(api.util.invalidateTags(['ModerationQueue', 'ModerationAudit']));
  },
};
