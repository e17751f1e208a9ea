import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { badgesSlice } from '../features/badges/badgesSlice';
import { callSlice } from '../features/calls/callSlice';
import { connectionSlice } from '../features/connection/connectionSlice';
import { newTagPostsSlice } from '../features/hashtags/newTagPostsSlice';
import { likesReceivedSlice } from '../features/posts/likesReceivedSlice';
import { newPostsSlice } from '../features/posts/newPostsSlice';
import { postsSlice } from '../features/posts/postsSlice';
import { themeSlice } from '../features/theme/themeSlice';
import { api } from './api';
import { listenerMiddleware } from './listener';

const rootReducer = combineSlices(
  api,
  authSlice,
  badgesSlice,
  callSlice,
  connectionSlice,
  likesReceivedSlice,
  newPostsSlice,
  newTagPostsSlice,
  postsSlice,
  themeSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
  // The live channel brings socket.io and the schemas of every push: it loads beside the first
  // render instead of before it, while the session is still being asked for.
  void import('./live').then(({ startLive }) => startLive(store));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
