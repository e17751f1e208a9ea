import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import { postDeleted } from '../posts';

interface NewTagPostsState {
  /** Per tag, posts published since its page was loaded, oldest first, each once. */
  byTag: Record<string, string[]>;
}

const initialState: NewTagPostsState = { byTag: {} };
const none: readonly string[] = [];

/**
 * The "N new posts" signal of open tag pages, as `newPostsSlice` is the home feed's: `tag:post`
 * pushes add to it, and the page empties it once it has loaded them.
 */
export const newTagPostsSlice = createSlice({
  name: 'newTagPosts',
  initialState,
  reducers: {
    newTagPostArrived(state, { payload }: PayloadAction<{ tag: string; postId: string }>) {
      const ids = (state.byTag[payload.tag] ??= []);
      if (!ids.includes(payload.postId)) ids.push(payload.postId);
    },
    newTagPostsShown(state, { payload: tag }: PayloadAction<string | undefined>) {
      if (tag === undefined) state.byTag = {};
      else delete state.byTag[tag];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(postDeleted, (state, { payload: postId }) => {
      for (const tag of Object.keys(state.byTag)) {
        state.byTag[tag] = state.byTag[tag]!.filter((id) => id !== postId);
      }
    });
  },
  selectors: {
    selectNewTagPostIds: (state, tag: string): readonly string[] => state.byTag[tag] ?? none,
  },
});

export const { newTagPostArrived, newTagPostsShown } = newTagPostsSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof newTagPostsSlice> {}
}

export const { selectNewTagPostIds } = newTagPostsSlice.injectInto(rootReducer).selectors;
