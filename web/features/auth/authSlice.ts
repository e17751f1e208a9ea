import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { PendingRedirect } from './guard';

export interface AuthUiState {
  pendingRedirect: PendingRedirect | null;
}

const initialState: AuthUiState = { pendingRedirect: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    pendingRedirectSet(state, action: PayloadAction<PendingRedirect>) {
      state.pendingRedirect = action.payload;
    },
    pendingRedirectCleared(state) {
      state.pendingRedirect = null;
    },
  },
  selectors: {
    selectPendingRedirect: (state) => state.pendingRedirect,
  },
});

export const { pendingRedirectSet, pendingRedirectCleared } = authSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof authSlice> {}
}

export const { selectPendingRedirect } = authSlice.injectInto(rootReducer).selectors;
