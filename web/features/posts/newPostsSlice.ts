import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { RepostedBy } from '../../../shared/reposts';
import { postDeleted } from './postsSlice';

/** A repost that brought a post into the signal: who made it, and when (where it sorts). */
export interface RepostArrival {
  by: RepostedBy;
  at: string;
}

interface NewPostsState {
  /** Posts friends published or reposted since the feed was last loaded, oldest first, once each. */
  ids: string[];
  /** For those a followed tag brings (the server says which), the tag, shown on the card. */
  followedTags: Record<string, string>;
  /** For those only reposts brought, the reposts, oldest first: undoing all takes the post out. */
  reposts: Record<string, RepostArrival[]>;
}

const initialState: NewPostsState = { ids: [], followedTags: {}, reposts: {} };
const noTags: Readonly<Record<string, string>> = {};
const noReposts: Readonly<Record<string, readonly RepostArrival[]>> = {};

/**
 * The "N new posts" signal of the home feed: `post:new` pushes add to it, and the feed empties
 * it (`newPostsShown`) once it has loaded them. The member's own posts never arrive here: their
 * feed gets them from their own command's answer. A repost counts as a new post does; one of a
 * post already waiting as new adds nothing, and an undone repost leaves the signal unless
 * another brought the post too.
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
    newRepostArrived(state, { payload }: PayloadAction<{ postId: string; repost: RepostArrival }>) {
      const { postId, repost } = payload;
      const held = state.reposts[postId];
      if (held) {
        state.reposts[postId] = [...held.filter((each) => each.by.id !== repost.by.id), repost];
      } else if (!state.ids.includes(postId)) {
        state.ids.push(postId);
        state.reposts[postId] = [repost];
      }
    },
    repostWithdrawn(state, { payload }: PayloadAction<{ postId: string; repostedById: string }>) {
      const held = state.reposts[payload.postId];
      if (!held) return;
      const left = held.filter((each) => each.by.id !== payload.repostedById);
      if (left.length > 0) {
        state.reposts[payload.postId] = left;
        return;
      }
      delete state.reposts[payload.postId];
      state.ids = state.ids.filter((id) => id !== payload.postId);
    },
    newPostsShown(state) {
      state.ids = [];
      state.followedTags = {};
      state.reposts = {};
    },
  },
  extraReducers: (builder) => {
    // A post deleted before the reader loaded it is nothing new to show.
    builder.addCase(postDeleted, (state, { payload: postId }) => {
      state.ids = state.ids.filter((id) => id !== postId);
      delete state.followedTags[postId];
      delete state.reposts[postId];
    });
  },
  selectors: {
    selectNewPostIds: (state): readonly string[] => state.ids,
    selectNewPostTags: (state): Readonly<Record<string, string>> =>
      Object.keys(state.followedTags).length === 0 ? noTags : state.followedTags,
    selectNewReposts: (state): Readonly<Record<string, readonly RepostArrival[]>> =>
      Object.keys(state.reposts).length === 0 ? noReposts : state.reposts,
  },
});

export const {
  newPostArrived,
  newTaggedPostArrived,
  newRepostArrived,
  repostWithdrawn,
  newPostsShown,
} = newPostsSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof newPostsSlice> {}
}

export const { selectNewPostIds, selectNewPostTags, selectNewReposts } =
  newPostsSlice.injectInto(rootReducer).selectors;
