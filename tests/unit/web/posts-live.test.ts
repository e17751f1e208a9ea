import { jest } from '@jest/globals';
import {
  POSTS_SOCKET_EVENTS,
  POSTS_WATCHED_MAX,
  type Comment,
  type Post,
  type WatchPosts,
} from '../../../shared/posts';
import {
  likesReceivedSlice,
  selectLikesReceived,
} from '../../../web/features/posts/likesReceivedSlice';
import {
  newPostArrived,
  newPostsShown,
  newPostsSlice,
  selectNewPostIds,
} from '../../../web/features/posts/newPostsSlice';
import { postsEndpoints } from '../../../web/features/posts/postsEndpoints';
import {
  postDeleted,
  postLikeReceived,
  postSaveReceived,
  postsReceived,
  postsSlice,
  selectPostById,
} from '../../../web/features/posts/postsSlice';
import { createWatchedPosts } from '../../../web/features/posts/watchedPosts';
import { aPost } from '../../support/post-fixture';
import { ME, usePostsLiveStores } from '../support/posts-live-store';

const FRIEND = '10000000-0000-4000-8000-000000000002';
const POST = '20000000-0000-4000-8000-000000000001';
const OTHER = '20000000-0000-4000-8000-000000000002';
const COMMENT = '30000000-0000-4000-8000-000000000001';

const makeTestStore = usePostsLiveStores(postsSlice, newPostsSlice, likesReceivedSlice);

function post(overrides: Partial<Post> = {}): Post {
  return aPost({
    id: POST,
    author: { id: FRIEND, username: 'ana', displayName: 'Ana', avatar: null },
    likes: 3,
    comments: 1,
    likedByMe: true,
    savedByMe: true,
    createdAt: '2026-11-26T10:00:00.000Z',
    publishedAt: '2026-11-26T10:00:00.000Z',
    version: 5,
    ...overrides,
  });
}

function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: COMMENT,
    postId: POST,
    parentId: null,
    depth: 0,
    author: { id: FRIEND, username: 'ana', displayName: 'Ana', avatar: null },
    content: 'First',
    likes: 1,
    likedByMe: true,
    createdAt: '2026-11-26T10:01:00.000Z',
    editedAt: null,
    linkPreview: null,
    mentions: [],
    version: 2,
    ...overrides,
  };
}

const withoutViewer = <T extends { likedByMe: boolean; savedByMe?: boolean }>(value: T) => {
  const { likedByMe: _liked, savedByMe: _saved, ...shared } = value;
  return shared;
};

describe('new posts signal', () => {
  it('holds each new post once, until the feed shows them', () => {
    const reducer = newPostsSlice.reducer;
    let state = reducer(undefined, newPostArrived(POST));
    state = reducer(state, newPostArrived(OTHER));
    state = reducer(state, newPostArrived(POST));
    expect(state.ids).toEqual([POST, OTHER]);
    expect(reducer(state, postDeleted(POST)).ids).toEqual([OTHER]);
    expect(reducer(state, newPostsShown()).ids).toEqual([]);
  });

  it('counts a friend’s post pushed, never the member’s own nor one already loaded', () => {
    const { push, dispatch, getState } = makeTestStore();
    const selectIds = () => selectNewPostIds(getState());
    const at = '2026-11-26T10:00:00.000Z';
    push(POSTS_SOCKET_EVENTS.new, { postId: OTHER, authorId: FRIEND, publishedAt: at });
    push(POSTS_SOCKET_EVENTS.new, { postId: OTHER, authorId: FRIEND, publishedAt: at });
    push(POSTS_SOCKET_EVENTS.new, {
      postId: '20000000-0000-4000-8000-000000000003',
      authorId: ME,
      publishedAt: at,
    });
    dispatch(postsReceived([post()]));
    push(POSTS_SOCKET_EVENTS.new, { postId: POST, authorId: FRIEND, publishedAt: at });
    push(POSTS_SOCKET_EVENTS.new, { postId: 'not-an-id', authorId: FRIEND, publishedAt: at });
    expect(selectIds()).toEqual([OTHER]);
    dispatch(newPostsShown());
    expect(selectIds()).toEqual([]);
  });
});

describe('posts live handlers', () => {
  it('applies pushed counts by version, keeping the member’s own like', () => {
    const { push, dispatch, getState } = makeTestStore();
    dispatch(postsReceived([post()]));
    push(POSTS_SOCKET_EVENTS.counts, {
      postId: POST,
      likes: 7,
      comments: 2,
      shares: 1,
      reposts: 3,
      quotes: 1,
      version: 8,
    });
    expect(selectPostById(getState(), POST)).toMatchObject({
      likes: 7,
      comments: 2,
      shares: 1,
      reposts: 3,
      quotes: 1,
      version: 8,
      likedByMe: true,
    });
    // A late, older count never rolls the post back.
    push(POSTS_SOCKET_EVENTS.counts, {
      postId: POST,
      likes: 4,
      comments: 1,
      shares: 0,
      reposts: 0,
      quotes: 0,
      version: 6,
    });
    expect(selectPostById(getState(), POST)).toMatchObject({ likes: 7, version: 8 });
    // The member's own unlike answers likedByMe; a push never changes it.
    dispatch(postLikeReceived({ postId: POST, likes: 6, likedByMe: false, version: 9 }));
    push(POSTS_SOCKET_EVENTS.counts, {
      postId: POST,
      likes: 6,
      comments: 2,
      shares: 1,
      reposts: 0,
      quotes: 0,
      version: 9,
    });
    expect(selectPostById(getState(), POST)).toMatchObject({ likes: 6, likedByMe: false });
  });

  it('reads an open thread again when a newer post comes with another comment count', async () => {
    const { store, push, dispatch, getState } = makeTestStore();
    dispatch(postsReceived([post({ comments: 1, version: 5 })]));
    // The thread on screen, as its answer left it. There is no server here: a read of it fails,
    // and RTK Query says so on the console.
    const failedRead = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await store.dispatch(postsEndpoints.util.upsertQueryData('getComments', POST, []));
    const thread = store.dispatch(postsEndpoints.endpoints.getComments.initiate(POST));
    const lastRead = () =>
      postsEndpoints.endpoints.getComments.select(POST)(getState() as never).requestId;
    const settled = () => new Promise((resolve) => setTimeout(resolve, 10));
    const first = lastRead();
    try {
      // An edit: newer, the same comments. An older copy: nothing to read.
      push(POSTS_SOCKET_EVENTS.updated, {
        post: withoutViewer(post({ title: 'Edited', comments: 1, version: 6 })),
      });
      push(POSTS_SOCKET_EVENTS.updated, { post: withoutViewer(post({ comments: 3, version: 4 })) });
      await settled();
      expect(lastRead()).toBe(first);
      // A watch's catch-up of a post commented on before the socket followed it.
      push(POSTS_SOCKET_EVENTS.updated, { post: withoutViewer(post({ comments: 2, version: 7 })) });
      await settled();
      expect(lastRead()).not.toBe(first);
    } finally {
      thread.unsubscribe();
      failedRead.mockRestore();
    }
  });

  it('takes new content with the member’s own marks kept, and drops a deleted post', () => {
    const { push, dispatch, getState } = makeTestStore();
    dispatch(postsReceived([post()]));
    push(POSTS_SOCKET_EVENTS.updated, {
      post: withoutViewer(post({ title: 'Edited', likedByMe: false, version: 6 })),
    });
    expect(selectPostById(getState(), POST)).toMatchObject({
      title: 'Edited',
      likedByMe: true,
      savedByMe: true,
    });
    push(POSTS_SOCKET_EVENTS.updated, { post: { id: POST, title: 'broken' } });
    expect(selectPostById(getState(), POST)?.title).toBe('Edited');
    push(POSTS_SOCKET_EVENTS.deleted, { postId: POST });
    expect(selectPostById(getState(), POST)).toBeUndefined();
    // What was deleted stays deleted, whatever arrives late.
    dispatch(postsReceived([post({ version: 99 })]));
    expect(selectPostById(getState(), POST)).toBeUndefined();
  });

  it('keeps an open thread current: new, edited, liked and deleted comments', async () => {
    const { push, dispatch, getState } = makeTestStore();
    const thread = () =>
      postsEndpoints.endpoints.getComments.select(POST)(getState() as never).data;
    await dispatch(postsEndpoints.util.upsertQueryData('getComments', POST, [comment()]));

    const reply = comment({
      id: '30000000-0000-4000-8000-000000000002',
      parentId: COMMENT,
      depth: 1,
      likes: 0,
      likedByMe: false,
      createdAt: '2026-11-26T10:02:00.000Z',
      version: 1,
    });
    push(POSTS_SOCKET_EVENTS.commentNew, { comment: withoutViewer(reply) });
    expect(thread()?.map((c) => [c.id, c.likedByMe])).toEqual([
      [COMMENT, true],
      [reply.id, false],
    ]);

    push(POSTS_SOCKET_EVENTS.commentUpdated, {
      comment: withoutViewer(comment({ content: 'Edited', version: 3 })),
    });
    expect(thread()?.[0]).toMatchObject({ content: 'Edited', likedByMe: true, version: 3 });

    push(POSTS_SOCKET_EVENTS.commentCounts, {
      postId: POST,
      commentId: COMMENT,
      likes: 5,
      version: 4,
    });
    expect(thread()?.[0]).toMatchObject({ likes: 5, likedByMe: true });

    push(POSTS_SOCKET_EVENTS.commentDeleted, { postId: POST, commentId: COMMENT });
    expect(thread()).toEqual([]);
  });

  it('follows the member’s saves from their other tabs, by version, whatever arrives last', () => {
    const { push, dispatch, getState } = makeTestStore();
    dispatch(postsReceived([post({ savedByMe: true })]));
    const saved = () => selectPostById(getState(), POST)?.savedByMe;
    const state = (savedByMe: boolean, version: number) => ({
      postId: POST,
      savedByMe,
      version,
      savedAt: savedByMe ? '2026-11-26T10:05:00.000Z' : null,
      post: savedByMe ? post({ savedByMe: true }) : null,
    });
    // Removed in another tab: this tab's card stops reading "Saved" at once.
    push(POSTS_SOCKET_EVENTS.saved, state(false, 2));
    expect(saved()).toBe(false);
    // A late, older push is ignored; a newer one applies.
    push(POSTS_SOCKET_EVENTS.saved, state(true, 1));
    expect(saved()).toBe(false);
    push(POSTS_SOCKET_EVENTS.saved, state(true, 3));
    expect(saved()).toBe(true);
    // The member's own answer orders with the pushes by the same version.
    dispatch(postSaveReceived({ postId: POST, savedByMe: false, version: 4 }));
    push(POSTS_SOCKET_EVENTS.saved, state(true, 3));
    expect(saved()).toBe(false);
    push(POSTS_SOCKET_EVENTS.saved, { postId: POST, savedByMe: 'yes', version: 9 });
    expect(saved()).toBe(false);
  });

  it('brings a post saved in another tab into the book, and into an open /saved', async () => {
    const { push, dispatch, getState } = makeTestStore();
    const older = post({ id: OTHER, savedByMe: true });
    await dispatch(
      postsEndpoints.util.upsertQueryData('getSaved', undefined, {
        pages: [
          { posts: [older], nextCursor: null, savedAt: { [OTHER]: '2026-11-26T09:00:00.000Z' } },
        ],
        pageParams: [null],
      }),
    );
    push(POSTS_SOCKET_EVENTS.saved, {
      postId: POST,
      savedByMe: true,
      version: 1,
      savedAt: '2026-11-26T10:05:00.000Z',
      post: post({ savedByMe: true }),
    });
    expect(selectPostById(getState(), POST)?.savedByMe).toBe(true);
    const pages = postsEndpoints.endpoints.getSaved.select()(getState() as never).data?.pages;
    expect(pages?.[0]?.posts.map((p) => p.id)).toEqual([POST, OTHER]);
    expect(pages?.[0]?.savedAt[POST]).toBe('2026-11-26T10:05:00.000Z');
  });

  it('keeps the highest Total Likes pushed', () => {
    const { push, getState } = makeTestStore();
    expect(selectLikesReceived(getState())).toBeNull();
    push(POSTS_SOCKET_EVENTS.likesReceived, { total: 4, version: 3 });
    push(POSTS_SOCKET_EVENTS.likesReceived, { total: 2, version: 2 });
    expect(selectLikesReceived(getState())).toEqual({ total: 4, version: 3 });
  });
});

describe('watched posts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the posts on every screen as one list, once a burst settles', () => {
    const sent: WatchPosts[] = [];
    const watched = createWatchedPosts((payload) => sent.push(payload), 100);
    const stopFeed = watched.watch([POST, OTHER]);
    const stopPage = watched.watch([POST]);
    jest.advanceTimersByTime(99);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([{ postIds: [POST, OTHER] }]);

    // The post page still shows POST when the feed lets both go.
    stopFeed();
    jest.advanceTimersByTime(100);
    expect(sent.at(-1)).toEqual({ postIds: [POST] });
    stopPage();
    jest.advanceTimersByTime(100);
    expect(sent.at(-1)).toEqual({ postIds: [] });
    expect(sent).toHaveLength(3);
  });

  it('sends nothing when the list did not change, and everything again after a reconnect', () => {
    const sent: WatchPosts[] = [];
    const watched = createWatchedPosts((payload) => sent.push(payload), 100);
    watched.watch([POST]);
    jest.advanceTimersByTime(100);
    const stop = watched.watch([POST]);
    stop();
    jest.advanceTimersByTime(100);
    expect(sent).toEqual([{ postIds: [POST] }]);
    watched.resend();
    expect(sent).toEqual([{ postIds: [POST] }, { postIds: [POST] }]);
  });

  it('sends at most the bound, the posts shown last', () => {
    const sent: WatchPosts[] = [];
    const watched = createWatchedPosts((payload) => sent.push(payload), 0);
    const ids = Array.from(
      { length: POSTS_WATCHED_MAX + 5 },
      (_, i) => `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    watched.watch(ids);
    jest.advanceTimersByTime(0);
    expect(sent[0]!.postIds).toEqual(ids.slice(5));
  });
});
