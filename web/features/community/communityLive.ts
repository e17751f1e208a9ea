import {
  COMMUNITY_SOCKET_EVENTS,
  communityChangedPayloadSchema,
  membershipChangedPayloadSchema,
} from '../../../shared/communities';
import type { LiveFeature } from '../connection';
import { communityApi } from './communityApi';
import { applyCommunityChanged } from './communityCache';
import { COMMUNITY_LIVE_FEATURE } from './communityLiveName';
import { watchedCommunities } from './watchedCommunities';

/**
 * Pushes about the hub on screen (`useWatchCommunity`): counts are absolute and versioned and
 * patch the cache; a change of the member's own standing refetches what depends on it.
 */
export const communityLive: LiveFeature = {
  name: COMMUNITY_LIVE_FEATURE,
  handlers: {
    [COMMUNITY_SOCKET_EVENTS.changed]: (payload, dispatch, getState) => {
      const parsed = communityChangedPayloadSchema.safeParse(payload);
      if (parsed.success) applyCommunityChanged(parsed.data, dispatch, getState());
    },
    [COMMUNITY_SOCKET_EVENTS.membership]: (payload, dispatch) => {
      const parsed = membershipChangedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(
        communityApi.util.invalidateTags([
          { type: 'Community', id: parsed.data.communityId },
          'Communities',
          'CommunityMembers',
          'CommunityInvitations',
        ]),
      );
    },
  },
  resync(dispatch) {
    dispatch(
      communityApi.util.invalidateTags([
        'Community',
        'Communities',
        'CommunityMembers',
        'CommunityInvitations',
      ]),
    );
    watchedCommunities.resend();
  },
};
