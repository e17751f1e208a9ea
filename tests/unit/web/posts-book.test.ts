import fc from 'fast-check';
import type { Post } from '../../../shared/posts';
import {
  postCountsReceived,
  postDeleted,
  postLikeReceived,
  postsReceived,
  postsSlice,
  type PostCounts,
} from '../../../web/features/posts/postsSlice';
import { aPost } from '../../support/post-fixture';

const POST = '10000000-0000-4000-8000-000000000001';
const reduce = postsSlice.reducer;
type State = ReturnType<typeof reduce>;
const empty = (): State => reduce(undefined, { type: 'init' });

function post(overrides: Partial<Post> = {}): Post {
  return aPost({ id: POST, ...overrides });
}

const held = (state: State) => postsSlice.getSelectors().selectPostById(state, POST);

describe('the post book', () => {
  test('keeps the newest version whatever order responses and pushes arrive in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([1, 2, 3, 4, 5, 6], { minLength: 1 }), (versions) => {
        let state = empty();
        for (const version of versions) {
          const counts: PostCounts = {
            postId: POST,
            likes: version,
            comments: 0,
            shares: 0,
            reposts: 0,
            quotes: 0,
            version,
          };
          state =
            version % 2 === 0
              ? reduce(state, postsReceived([post({ version, likes: version })]))
              : reduce(state, postCountsReceived(counts));
        }
        const newest = held(state);
        // A count push for a post never seen has nothing to apply to.
        const seen = versions.filter((version) => version % 2 === 0);
        if (seen.length === 0) return newest === undefined;
        const after = versions.slice(versions.indexOf(seen[0]!));
        return newest?.version === Math.max(...after) && newest.likes === newest.version;
      }),
    );
  });

  test("the liker's answer sets likedByMe even when a push already brought its count", () => {
    let state = reduce(empty(), postsReceived([post({ version: 1 })]));
    state = reduce(
      state,
      postCountsReceived({
        postId: POST,
        likes: 1,
        comments: 0,
        shares: 0,
        reposts: 0,
        quotes: 0,
        version: 2,
      }),
    );
    state = reduce(
      state,
      postLikeReceived({ postId: POST, likes: 1, likedByMe: true, version: 2 }),
    );
    expect(held(state)).toMatchObject({ likes: 1, likedByMe: true, version: 2 });
  });

  test('a deleted post stays deleted when an older response arrives later', () => {
    let state = reduce(empty(), postsReceived([post()]));
    state = reduce(state, postDeleted(POST));
    state = reduce(state, postsReceived([post({ version: 9 })]));
    expect(held(state)).toBeUndefined();
    expect(postsSlice.getSelectors().selectIsPostDeleted(state, POST)).toBe(true);
  });
});
