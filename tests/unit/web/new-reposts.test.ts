import { POSTS_SOCKET_EVENTS } from '../../../shared/posts';
import { mergeNewPosts } from '../../../web/features/home/feedList';
import {
  newPostArrived,
  newPostsShown,
  newPostsSlice,
  newRepostArrived,
  repostWithdrawn,
  selectNewPostIds,
  selectNewReposts,
} from '../../../web/features/posts/newPostsSlice';
import { postDeleted, postsSlice } from '../../../web/features/posts/postsSlice';
import { aPost } from '../../support/post-fixture';
import { ME, usePostsLiveStores } from '../support/posts-live-store';

const ANA = '10000000-0000-4000-8000-000000000002';
const BO = { id: '10000000-0000-4000-8000-000000000003', username: 'bo', displayName: 'Bo' };
const CY = { id: '10000000-0000-4000-8000-000000000004', username: 'cy', displayName: 'Cy' };
const POST = '20000000-0000-4000-8000-000000000001';
const OTHER = '20000000-0000-4000-8000-000000000002';
const AT = '2026-11-29T10:00:00.000Z';
const LATER = '2026-11-29T10:05:00.000Z';

const makeTestStore = usePostsLiveStores(postsSlice, newPostsSlice);

describe('reposts in the new posts signal', () => {
  const reducer = newPostsSlice.reducer;

  it('counts a reposted post once, keeps who reposted it, and lets its undo take it back out', () => {
    let state = reducer(undefined, newRepostArrived({ postId: POST, repost: { by: BO, at: AT } }));
    state = reducer(state, newRepostArrived({ postId: POST, repost: { by: CY, at: LATER } }));
    expect(state.ids).toEqual([POST]);
    expect(state.reposts[POST]!.map((each) => each.by.id)).toEqual([BO.id, CY.id]);
    state = reducer(state, repostWithdrawn({ postId: POST, repostedById: CY.id }));
    expect(state.ids).toEqual([POST]);
    state = reducer(state, repostWithdrawn({ postId: POST, repostedById: BO.id }));
    expect(state).toMatchObject({ ids: [], reposts: {} });
  });

  it('leaves a post that is new of itself when its repost is undone', () => {
    let state = reducer(undefined, newPostArrived(POST));
    state = reducer(state, newRepostArrived({ postId: POST, repost: { by: BO, at: AT } }));
    state = reducer(state, repostWithdrawn({ postId: POST, repostedById: BO.id }));
    expect(state.ids).toEqual([POST]);
  });

  it('forgets reposts once shown, and a deleted post', () => {
    let state = reducer(undefined, newRepostArrived({ postId: POST, repost: { by: BO, at: AT } }));
    state = reducer(state, newRepostArrived({ postId: OTHER, repost: { by: BO, at: AT } }));
    expect(reducer(state, postDeleted(POST))).toMatchObject({ ids: [OTHER] });
    expect(reducer(state, newPostsShown())).toMatchObject({ ids: [], reposts: {} });
  });

  it('takes a pushed repost and its undo, never one of the member’s own post', () => {
    const { getState, push } = makeTestStore();
    const repost = { by: BO, at: AT };
    push(POSTS_SOCKET_EVENTS.new, { postId: POST, authorId: ANA, publishedAt: AT, repost });
    push(POSTS_SOCKET_EVENTS.new, { postId: OTHER, authorId: ME, publishedAt: AT, repost });
    expect(selectNewPostIds(getState())).toEqual([POST]);
    expect(selectNewReposts(getState())[POST]).toEqual([repost]);
    push(POSTS_SOCKET_EVENTS.repostUndone, { postId: POST, repostedById: BO.id });
    expect(selectNewPostIds(getState())).toEqual([]);
  });

  it('sorts a reposted post by when it was reposted on top of the feed', () => {
    const old = aPost({ id: POST, publishedAt: '2026-11-01T10:00:00.000Z' });
    const fresh = aPost({ id: OTHER, publishedAt: AT });
    const held = [aPost({ id: '20000000-0000-4000-8000-000000000003', publishedAt: AT })];
    const merged = mergeNewPosts(held, [fresh, old], { [POST]: LATER });
    expect(merged.map((post) => post.id)).toEqual([POST, OTHER, held[0]!.id]);
  });
});
