import { SOCKET_EVENTS } from '../../../shared/realtime';
import { api } from '../../state/api';
import type { AppDispatch } from '../../state/store';
import type { LiveFeature } from '../connection';

/** Everything a change to friends, requests or blocks can alter on this page. */
const FRIENDS_TAGS = ['Friends', 'FriendRequests', 'People'] as const;

function refetchFriends(dispatch: AppDispatch): void {
  dispatch(api.util.invalidateTags([...FRIENDS_TAGS]));
}

export const friendsLive: LiveFeature = {
  name: 'friends',
  handlers: {
    // The push carries no data (`{}`): it only says "refetch", so there is nothing to validate.
    [SOCKET_EVENTS.friendsChanged]: (_payload, dispatch) => refetchFriends(dispatch),
  },
  resync: refetchFriends,
};
