import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api } from './api';
import { listenerMiddleware } from './listenerMiddleware';

/**
 * The slices features add where they are loaded. Each feature that owns one declares it here by
 * module augmentation, beside its `injectInto(rootReducer)`:
 *
 *   declare module '../../state/store' {
 *     interface LazyLoadedSlices extends WithSlice<typeof themeSlice> {}
 *   }
 *
 * so this layer names no feature and `RootState` still types every slice.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface LazyLoadedSlices {}

/** The store's reducer: the shared API now, each feature's slice once the feature loads. */
export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
