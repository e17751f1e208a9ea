import { listenerMiddleware } from './listenerMiddleware';
import type { AppDispatch, RootState } from './store';

/** Registers a side effect that follows state changes, typed with the store's state. */
export const startAppListening = listenerMiddleware.startListening.withTypes<
  RootState,
  AppDispatch
>();
