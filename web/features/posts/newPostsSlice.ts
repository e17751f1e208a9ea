import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { postDeleted } from './postsSlice';

interface NewPostsState {
  /** Posts friends published since the feed was last loaded, oldest first, each once. */
  ids: string[];
}

const initialState: NewPostsState = { ids: [] };

/**
 * The "N new posts" signal of the home feed: `post:new` pushes add to it, and the feed empties
 * it (`newPostsShown`) once it has loaded them. The member's own posts never arrive here: their
 * feed gets them from their own command's answer.
 */
export const newPostsSlice = createSlice({
  name: 'newPosts',
  initialState,
  reducers: {
    newPostArrived(state, { payload: postId }: PayloadAction<string>) {
      if (!state.ids.includes(postId)) state.ids.push(postId);
    },
    newPostsShown(state) {
      state.ids = [];
    },
  },
  extraReducers: (builder) => {
    // A post deleted before the reader loaded it is nothing new to show.
    builder.addCase(postDeleted, (state, { payload: postId }) => {
      state.ids = state.ids.filter((id) => id !== postId);
    });
  },
  selectors: {
    selectNewPostIds: (state): readonly string[] => state.ids,
  },
});

export const { newPostArrived, newPostsShown } = newPostsSlice.actions;
export const { selectNewPostIds } = newPostsSlice.selectors;
