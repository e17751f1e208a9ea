import { useEffect } from 'react';
import { useLiveFeature } from '../connection';
import { COMMUNITY_LIVE_FEATURE } from './communityLiveName';
import { watchedCommunities } from './watchedCommunities';

/**
 * Follows a community's hub live while it shows: its counts (`community:changed`) and what the
 * other domains push to its room. `key` changes when the member's standing does, so a member who
 * just joined a restricted community is let into the room at once.
 */
export function useWatchCommunity(communityId: string | null, key: string): void {
  useLiveFeature(COMMUNITY_LIVE_FEATURE);
  useEffect(() => {
    if (communityId === null) return undefined;
    const stop = watchedCommunities.watch([communityId]);
    // The list may be unchanged while the server's answer would not be (a request just
    // approved): it is sent again, for the server to check the member anew.
    watchedCommunities.resend();
    return stop;
  }, [communityId, key]);
}
