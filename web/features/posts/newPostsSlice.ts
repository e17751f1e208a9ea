import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { postDeleted } from './postsSlice';

interface NewPostsState {
  /** Posts friends published since the feed was last loaded, oldest first, each once. */
  ids: string[];
  /** For those a followed tag brings (the server says which), the tag, shown on the card. */
  followedTags: Record<string, string>;
}

const initialState: NewPostsState = { ids: [], followedTags: {} };
const noTags: Readonly<Record<string, string>> = {};

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
    newTaggedPostArrived(state, { payload }: PayloadAction<{ postId: string; tag: string }>) {
      if (!state.ids.includes(payload.postId)) state.ids.push(payload.postId);
      state.followedTags[payload.postId] = payload.tag;
    },
    newPostsShown(state) {
      state.ids = [];
      state.followedTags = {};
    },
  },
  extraReducers: (builder) => {
    // A post deleted before the reader loaded it is nothing new to show.
    builder.addCase(postDeleted, (state, { payload: postId }) => {
      state.ids = state.ids.filter((id) => id !== postId);
      delete state.followedTags[postId];
    });
  },
  selectors: {
    selectNewPostIds: (state): readonly string[] => state.ids,
    selectNewPostTags: (state): Readonly<Record<string, string>> =>
      Object.keys(state.followedTags).length === 0 ? noTags : state.followedTags,
  },
});

export const { newPostArrived, newTaggedPostArrived, newPostsShown } = newPostsSlice.actions;
export const { selectNewPostIds, selectNewPostTags } = newPostsSlice.selectors;
