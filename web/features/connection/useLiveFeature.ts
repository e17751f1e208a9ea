import { useEffect } from 'react';
import { activateLiveFeature } from './realtime';

/** Loads a lazy live feature (listed in `web/app/liveFeatures.ts`) when a screen of it mounts. */
export function useLiveFeature(name: string): void {
  useEffect(() => {
    activateLiveFeature(name);
  }, [name]);
}
