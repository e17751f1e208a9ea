import { startRealtimeSync } from '../features/connection/realtime';
import { startPresenceReporting } from '../features/presence/presenceReporter';
import { liveFeatures } from './liveFeatures';
import type { AppDispatch, RootState } from './store';

/** Starts the live channel and presence reporting; `makeStore` loads this module lazily. */
export function startLive(store: { dispatch: AppDispatch; getState: () => RootState }): void {
  startRealtimeSync(liveFeatures, store);
  startPresenceReporting();
}
