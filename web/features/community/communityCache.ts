import type { CommunityChangedPayload } from '../../../shared/communities';
import type { AppDispatch, RootState } from '../../state/store';
import { communityApi } from './communityApi';

/**
 * Applies a community's pushed counts to every cached copy of it (its card and the lists that
 * show it), unless the copy is as new or newer: pushes and command answers may arrive in either
 * order.
 */
export function applyCommunityChanged(
  payload: CommunityChangedPayload,
  dispatch: AppDispatch,
  state: RootState,
): void {
  const { communityId, stats, version } = payload;
  dispatch(
    communityApi.util.updateQueryData('getCommunity', communityId, (community) => {
      if (community.version >= version) return;
      community.stats = stats;
      community.version = version;
    }),
  );
  for (const args of communityApi.util.selectCachedArgsForQuery(state, 'getCommunities')) {
    dispatch(
      communityApi.util.updateQueryData('getCommunities', args, (list) => {
        const community = list.find((c) => c.id === communityId);
        if (!community || community.version >= version) return;
        community.stats = stats;
        community.version = version;
      }),
    );
  }
}
