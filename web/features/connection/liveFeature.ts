import type { AppDispatch, RootState } from '../../state/store';

/** What a feature does with one server push. Handlers validate their own payloads. */
export type PushHandler = (
  payload: unknown,
  dispatch: AppDispatch,
  getState: () => RootState,
) => void;

/** A feature's share of the live channel, listed in `web/app/liveFeatures.ts`. */
export interface LiveFeature {
  name: string;
  /** Keyed by socket event. */
  handlers?: Readonly<Partial<Record<string, PushHandler>>>;
  /**
   * Runs on every connect and on the server's `resync`: pushes sent while the socket was away are
   * lost, so the feature refetches what it shows (usually by invalidating its RTK Query tags).
   */
  resync?(dispatch: AppDispatch): void;
}

/**
 * A feature whose handlers stay out of the first page's bundle: loaded when one of its screens
 * mounts (`useLiveFeature`). Pushes and resyncs that arrive while it loads wait for it.
 */
export interface LazyLiveFeature {
  name: string;
  load(): Promise<LiveFeature>;
}

export type LiveFeatureEntry = LiveFeature | LazyLiveFeature;
