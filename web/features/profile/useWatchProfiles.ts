import { useEffect } from 'react';
import { useLiveFeature } from '../connection';
import { PROFILE_LIVE_FEATURE } from './profileLiveName';
import { watchedProfiles } from './watchedProfiles';

/**
 * Follows the given profiles live while the calling screen shows them: their stats arrive as
 * `profile:stats` and other changes as `profile:changed` (`profileLive`, loaded with the first
 * screen that watches).
 */
export function useWatchProfiles(userIds: readonly string[]): void {
  useLiveFeature(PROFILE_LIVE_FEATURE);
  const key = [...new Set(userIds)].sort().join(',');
  useEffect(() => (key === '' ? undefined : watchedProfiles.watch(key.split(','))), [key]);
}
