import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { Badges } from '../../../shared/badges';

/** The counts last accepted; `version` null means nothing has been received yet. */
export interface BadgesState {
  notifications: number;
  messages: number;
  friendRequests: number;
  version: number | null;
}

export const initialBadgesState: BadgesState = {
  notifications: 0,
  messages: 0,
  friendRequests: 0,
  version: null,
};

/**
 * Pushes and snapshots both land here. Values are absolute and versioned, so keeping only the
 * newest version makes duplicates, reordering and a stale snapshot after a push harmless.
 */
export const badgesSlice = createSlice({
  name: 'badges',
  initialState: initialBadgesState,
  reducers: {
    badgesReceived(state, action: PayloadAction<Badges>) {
      const incoming = action.payload;
      if (state.version !== null && incoming.version <= state.version) return state;
      return {
        notifications: incoming.notifications,
        messages: incoming.messages,
        friendRequests: incoming.friendRequests,
        version: incoming.version,
      };
    },
    badgesReset: () => initialBadgesState,
  },
  selectors: {
    selectBadges: (state) => state,
  },
});

export const { badgesReceived, badgesReset } = badgesSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof badgesSlice> {}
}

export const { selectBadges } = badgesSlice.injectInto(rootReducer).selectors;
export const badgesReducer = badgesSlice.reducer;
