import { startRealtimeSync } from '../features/connection/realtime';
import { startPresenceReporting } from '../features/presence/presenceReporter';
import { liveFeatures } from './liveFeatures';
import type { AppDispatch, RootState } from '../state/store';

/** Starts the live channel and presence reporting; `makeAppStore` loads this module lazily. */
export function startLive(store: { dispatch: AppDispatch; getState: () => RootState }): void {
  startRealtimeSync(liveFeatures, store);
  startPresenceReporting();
}
