import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { LikesReceived } from '../../../shared/posts';

interface LikesReceivedState {
  /** Null until the server told this client (a push, or a profile read). */
  value: LikesReceived | null;
}

const initialState: LikesReceivedState = { value: null };

/**
 * The signed-in member's Total Likes (the likes their posts hold in all), kept at the highest
 * version seen, so a late push never rolls it back.
 */
export const likesReceivedSlice = createSlice({
  name: 'likesReceived',
  initialState,
  reducers: {
    likesReceivedUpdated(state, { payload }: PayloadAction<LikesReceived>) {
      if (state.value && state.value.version >= payload.version) return;
      state.value = payload;
    },
  },
  selectors: {
    selectLikesReceived: (state): LikesReceived | null => state.value,
  },
});

export const { likesReceivedUpdated } = likesReceivedSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof likesReceivedSlice> {}
}

export const { selectLikesReceived } = likesReceivedSlice.injectInto(rootReducer).selectors;
