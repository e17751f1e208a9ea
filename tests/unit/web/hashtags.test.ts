import {
  newTagPostArrived,
  newTagPostsShown,
  newTagPostsSlice,
} from '../../../web/features/hashtags/newTagPostsSlice';
import {
  newPostArrived,
  newPostsShown,
  newPostsSlice,
  newTaggedPostArrived,
} from '../../../web/features/posts/newPostsSlice';
import { postDeleted } from '../../../web/features/posts/postsSlice';

const A = '10000000-0000-4000-8000-000000000001';
const B = '10000000-0000-4000-8000-000000000002';
const reduce = newTagPostsSlice.reducer;
const idsOf = (state: ReturnType<typeof reduce>, tag: string) =>
  newTagPostsSlice.selectors.selectNewTagPostIds({ newTagPosts: state }, tag);

describe("a tag page's new posts", () => {
  it('keeps each tag’s arrivals once each, in order, until its page shows them', () => {
    let state = reduce(undefined, newTagPostArrived({ tag: 'agora', postId: A }));
    state = reduce(state, newTagPostArrived({ tag: 'agora', postId: B }));
    state = reduce(state, newTagPostArrived({ tag: 'agora', postId: A }));
    state = reduce(state, newTagPostArrived({ tag: 'other', postId: A }));
    expect(idsOf(state, 'agora')).toEqual([A, B]);
    state = reduce(state, newTagPostsShown('agora'));
    expect(idsOf(state, 'agora')).toEqual([]);
    expect(idsOf(state, 'other')).toEqual([A]);
    // A reconnect forgets every signal: the pages load again.
    expect(idsOf(reduce(state, newTagPostsShown(undefined)), 'other')).toEqual([]);
  });

  it('forgets a post deleted before the reader loaded it', () => {
    let state = reduce(undefined, newTagPostArrived({ tag: 'agora', postId: A }));
    state = reduce(state, newTagPostArrived({ tag: 'agora', postId: B }));
    expect(idsOf(reduce(state, postDeleted(A)), 'agora')).toEqual([B]);
  });
});

describe("the home feed's new posts a followed tag brings", () => {
  it('keeps the tag the push named until the feed shows them', () => {
    const reduce = newPostsSlice.reducer;
    const read = (state: ReturnType<typeof reduce>) => ({
      ids: newPostsSlice.selectors.selectNewPostIds({ newPosts: state }),
      tags: newPostsSlice.selectors.selectNewPostTags({ newPosts: state }),
    });
    let state = reduce(undefined, newPostArrived(A));
    state = reduce(state, newTaggedPostArrived({ postId: B, tag: 'agora' }));
    expect(read(state)).toEqual({ ids: [A, B], tags: { [B]: 'agora' } });
    expect(read(reduce(state, postDeleted(B)))).toEqual({ ids: [A], tags: {} });
    expect(read(reduce(state, newPostsShown()))).toEqual({ ids: [], tags: {} });
  });
});
