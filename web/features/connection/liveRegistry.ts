import type { AppDispatch, RootState } from '../../state/store';
import type { LazyLiveFeature, LiveFeature, LiveFeatureEntry } from './liveFeature';

/** Routes pushes and resyncs to the listed features; see `web/app/liveFeatures.ts`. */
export interface LiveRegistry {
  push(event: string, payload: unknown, dispatch: AppDispatch, getState: () => RootState): void;
  resync(dispatch: AppDispatch): void;
  /** Loads a lazy feature, once; a name that is not listed is a programming error. */
  activate(name: string): void;
}

interface Slot {
  entry: LiveFeatureEntry;
  /** At once for an eager feature; for a lazy one, once it has loaded. */
  feature: LiveFeature | null;
  loading: Promise<LiveFeature | null> | null;
}

const isLazy = (entry: LiveFeatureEntry): entry is LazyLiveFeature => 'load' in entry;

export function createLiveRegistry(entries: readonly LiveFeatureEntry[]): LiveRegistry {
  const slots: Slot[] = entries.map((entry) => ({
    entry,
    feature: isLazy(entry) ? null : entry,
    loading: null,
  }));

  // A lazy feature that is still loading gets its pushes and resyncs afterwards, in order; one
  // that no screen asked for gets none, as nothing of it is cached.
  function withFeature(slot: Slot, run: (feature: LiveFeature) => void): void {
    if (slot.feature) run(slot.feature);
    else void slot.loading?.then((feature) => feature && run(feature));
  }

  return {
    push(event, payload, dispatch, getState) {
      for (const slot of slots) {
        withFeature(slot, (feature) => feature.handlers?.[event]?.(payload, dispatch, getState));
      }
    },
    resync(dispatch) {
      for (const slot of slots) withFeature(slot, (feature) => feature.resync?.(dispatch));
    },
    activate(name) {
      const slot = slots.find((candidate) => candidate.entry.name === name);
      if (!slot) throw new Error(`No live feature named "${name}" is listed`);
      const { entry } = slot;
      if (slot.feature || slot.loading || !isLazy(entry)) return;
      slot.loading = entry.load().then(
        (feature) => {
          slot.feature = feature;
          return feature;
        },
        (error: unknown) => {
          // A failed chunk load (say, after a deploy) is tried again when a screen next mounts.
          slot.loading = null;
          console.error(`Could not load the live feature "${name}"`, error);
          return null;
        },
      );
    },
  };
}
