import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
export const { selectPendingRedirect } = authSlice.selectors;
