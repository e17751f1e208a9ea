import {
  createEntityAdapter,
  createSlice,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { Post, PostLikeState, SaveState } from '../../../shared/posts';
import type { RepostState } from '../../../shared/reposts';

/** The counts every viewer of a post sees alike, as a push carries them. */
export interface PostCounts {
  postId: string;
  likes: number;
  comments: number;
  shares: number;
  reposts: number;
  quotes: number;
  version: number;
}

const adapter = createEntityAdapter<Post>();

interface PostsState {
  posts: ReturnType<typeof adapter.getInitialState>;
  /** Ids of posts this client learned were deleted; no later state undoes a deletion. */
  deleted: Record<string, true>;
  /**
   * The version of the member's save of each post, from their answers and pushes: a save state
   * only applies when newer. A list's copy of the post carries no version, so it only says
   * whether the member saved a post whose save this client has not followed.
   */
  saveVersions: Record<string, number>;
}

const initialState: PostsState = {
  posts: adapter.getInitialState(),
  deleted: {},
  saveVersions: {},
};

/**
 * The newest state of every post the client has seen, from any response or push. Lists (feed
 * pages, saved, trending, a profile's posts) keep their own order and membership, but a card
 * shows the post from here, so a like counted in one place shows everywhere at once, and an
 * older state arriving late never replaces a newer one: every post carries a version that rises
 * with each change.
 */
export const postsSlice = createSlice({
  name: 'posts',
  initialState,
  reducers: {
    postsReceived(state, { payload }: PayloadAction<readonly Post[]>) {
      for (const post of payload) {
        if (state.deleted[post.id]) continue;
        const held = state.posts.entities[post.id];
        const followed = state.saveVersions[post.id] !== undefined;
        if (held && held.version >= post.version) {
          if (!followed) held.savedByMe = post.savedByMe;
          continue;
        }
        adapter.setOne(
          state.posts,
          followed && held ? { ...post, savedByMe: held.savedByMe } : post,
        );
      }
    },
    postCountsReceived(state, { payload }: PayloadAction<PostCounts>) {
      const held = state.posts.entities[payload.postId];
      if (!held || held.version >= payload.version) return;
      const { likes, comments, shares, reposts, quotes, version } = payload;
      Object.assign(held, { likes, comments, shares, reposts, quotes, version });
    },
    /** The reposter's own answer: the count and whether they repost it now. */
    postRepostReceived(state, { payload }: PayloadAction<RepostState>) {
      const held = state.posts.entities[payload.postId];
      if (!held) return;
      held.repostedByMe = payload.repostedByMe;
      if (held.version < payload.version) {
        held.reposts = payload.reposts;
        held.version = payload.version;
      }
    },
    /** The liker's own answer: the count and whether they like it now. */
    postLikeReceived(state, { payload }: PayloadAction<PostLikeState>) {
      const held = state.posts.entities[payload.postId];
      if (!held) return;
      // Only this member's like changes likedByMe, so it holds whatever the version says.
      held.likedByMe = payload.likedByMe;
      if (held.version < payload.version) {
        held.likes = payload.likes;
        held.version = payload.version;
      }
    },
    /** The member's save of a post, from their answer or a push from another tab. */
    postSaveReceived(state, { payload }: PayloadAction<SaveState>) {
      if ((state.saveVersions[payload.postId] ?? -1) >= payload.version) return;
      state.saveVersions[payload.postId] = payload.version;
      const held = state.posts.entities[payload.postId];
      if (held) held.savedByMe = payload.savedByMe;
    },
    /** Pushes were missed while away: the lists loaded again say what is saved. */
    saveVersionsForgotten(state) {
      state.saveVersions = {};
    },
    postDeleted(state, { payload: postId }: PayloadAction<string>) {
      state.deleted[postId] = true;
      adapter.removeOne(state.posts, postId);
    },
  },
  selectors: {
    selectPostById: (state, id: string): Post | undefined => state.posts.entities[id],
    selectSaveVersion: (state, id: string): number | undefined => state.saveVersions[id],
    selectIsPostDeleted: (state, id: string): boolean => state.deleted[id] === true,
  },
});

export const {
  postsReceived,
  postCountsReceived,
  postRepostReceived,
  postLikeReceived,
  postSaveReceived,
  saveVersionsForgotten,
  postDeleted,
} = postsSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof postsSlice> {}
}

export const { selectPostById, selectIsPostDeleted, selectSaveVersion } =
  postsSlice.injectInto(rootReducer).selectors;
