import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Post, PostLikeState } from '../../../shared/posts';

/** The counts every viewer of a post sees alike, as a push carries them. */
export interface PostCounts {
  postId: string;
  likes: number;
  comments: number;
  shares: number;
  version: number;
}

const adapter = createEntityAdapter<Post>();

interface PostsState {
  posts: ReturnType<typeof adapter.getInitialState>;
  /** Ids of posts this client learned were deleted; no later state undoes a deletion. */
  deleted: Record<string, true>;
}

const initialState: PostsState = { posts: adapter.getInitialState(), deleted: {} };

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
        if (held && held.version >= post.version) continue;
        adapter.setOne(state.posts, post);
      }
    },
    postCountsReceived(state, { payload }: PayloadAction<PostCounts>) {
      const held = state.posts.entities[payload.postId];
      if (!held || held.version >= payload.version) return;
      const { likes, comments, shares, version } = payload;
      Object.assign(held, { likes, comments, shares, version });
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
    postSavedChanged(state, { payload }: PayloadAction<{ postId: string; savedByMe: boolean }>) {
      const held = state.posts.entities[payload.postId];
      if (held) held.savedByMe = payload.savedByMe;
    },
    postDeleted(state, { payload: postId }: PayloadAction<string>) {
      state.deleted[postId] = true;
      adapter.removeOne(state.posts, postId);
    },
  },
  selectors: {
    selectPostById: (state, id: string): Post | undefined => state.posts.entities[id],
    selectIsPostDeleted: (state, id: string): boolean => state.deleted[id] === true,
  },
});

export const {
  postsReceived,
  postCountsReceived,
  postLikeReceived,
  postSavedChanged,
  postDeleted,
} = postsSlice.actions;
export const { selectPostById, selectIsPostDeleted } = postsSlice.selectors;
