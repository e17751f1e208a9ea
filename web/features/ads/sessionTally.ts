import type { AdEvent } from '../../../shared/ads';

/** This tab's own impressions and clicks per ad, for a member's view of the demo page. */
export interface AdTally {
  impressions: number;
  clicks: number;
}

export type SessionTally = Readonly<Record<string, AdTally>>;

export function tallyEvent(tally: SessionTally, event: AdEvent): SessionTally {
  const before = tally[event.adId] ?? { impressions: 0, clicks: 0 };
  const after =
    event.kind === 'impression'
      ? { ...before, impressions: before.impressions + 1 }
      : { ...before, clicks: before.clicks + 1 };
  return { ...tally, [event.adId]: after };
}

/** A tiny store for `useSyncExternalStore`: the tally is replaced, never changed in place. */
export function createTallyStore() {
  let tally: SessionTally = {};
  const listeners = new Set<() => void>();
  return {
    record(event: AdEvent): void {
      tally = tallyEvent(tally, event);
      for (const listener of listeners) listener();
    },
    get: (): SessionTally => tally,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
