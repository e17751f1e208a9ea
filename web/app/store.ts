import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { badgesSlice } from '../features/badges/badgesSlice';
import { connectionSlice } from '../features/connection/connectionSlice';
import { startRealtimeSync } from '../features/connection/realtime';
import { startPresenceReporting } from '../features/presence/presenceReporter';
import { themeSlice } from '../features/theme/themeSlice';
import { api } from './api';
import { listenerMiddleware } from './listener';
import { liveFeatures } from './liveFeatures';

const rootReducer = combineSlices(api, authSlice, badgesSlice, connectionSlice, themeSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
  startRealtimeSync(liveFeatures);
  startPresenceReporting();
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
