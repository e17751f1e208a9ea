import fc from 'fast-check';
import type { FeedPage, Post, PostList, SavedPage } from '../../../shared/posts';
import {
  noTrendingText,
  trendingSearchFor,
  trendingWindowOf,
} from '../../../web/features/discover/trendingWindow';
import {
  appliedSearch,
  emptyPostsText,
  failedPostsText,
  isPostSort,
  listedPosts,
  pageArgs,
  POST_SORTS,
  postsFoundText,
  type PageResult,
} from '../../../web/features/posts/profilePosts';
import {
  savedPostsShown,
  withSavedPost,
  type HeldPost,
} from '../../../web/features/posts/savedList';
import { aPost } from '../../support/post-fixture';

const AUTHOR = '00000000-0000-4000-8000-000000000002';

function idOf(n: number): string {
  return `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function post(n: number, overrides: Partial<Post> = {}): Post {
  return aPost({
    id: idOf(n),
    number: n,
    author: { id: AUTHOR, username: 'ana', displayName: 'Ana', avatar: null },
    title: `Post ${n}`,
    savedByMe: true,
    ...overrides,
  });
}

const answered = (posts: Post[], total: number, hasMore: boolean): PageResult => ({
  data: { posts, total, hasMore } satisfies PostList,
  isError: false,
});
const pending: PageResult = { data: undefined, isError: false };
const failed: PageResult = { data: undefined, isError: true };

describe('the profile posts texts (002 §2 item 11)', () => {
  test("'{n} post(s) found' is singular for exactly one", () => {
    expect(postsFoundText(0)).toBe('0 posts found');
    expect(postsFoundText(1)).toBe('1 post found');
    expect(postsFoundText(2)).toBe('2 posts found');
    expect(postsFoundText(10)).toBe('10 posts found');
  });

  test('the empty text names the search, or says the profile has not posted', () => {
    expect(emptyPostsText('')).toBe("This profile hasn't posted anything yet.");
    expect(emptyPostsText('cats')).toBe('No posts match your search for "cats"');
  });

  test('a failed search reads differently from a failed listing (002 §8)', () => {
    expect(failedPostsText('')).toBe('Failed to load posts');
    expect(failedPostsText('cats')).toBe('Failed to search posts');
  });

  test('the sorts are the four of the spec, newest first', () => {
    expect(POST_SORTS.map((sort) => [sort.value, sort.label])).toEqual([
      ['newest', 'Newest First'],
      ['oldest', 'Oldest First'],
      ['mostLiked', 'Most Liked'],
      ['mostCommented', 'Most Commented'],
    ]);
    expect(isPostSort('mostLiked')).toBe(true);
    expect(isPostSort('popular')).toBe(false);
  });
});

describe('the search the list asks for', () => {
  test('follows the typing once it settles', () => {
    expect(appliedSearch('cats', 'ca', '')).toBe('ca');
    expect(appliedSearch('cats', 'cats', '')).toBe('cats');
  });

  test('Enter or Search applies what is typed at once', () => {
    expect(appliedSearch('cats', 'c', 'cats')).toBe('cats');
    expect(appliedSearch('  cats ', '', 'cats')).toBe('cats');
  });

  test('typing on after a search follows the settled text again', () => {
    expect(appliedSearch('catsx', 'cats', 'cats')).toBe('cats');
    expect(appliedSearch('catsx', 'catsx', 'cats')).toBe('catsx');
  });

  test('blank or whitespace-only text lists every post (002 §5)', () => {
    expect(appliedSearch('   ', '   ', '')).toBe('');
    expect(appliedSearch('  ', 'cats', 'cats')).toBe('');
  });

  test('clearing the box lists every post at once, without waiting for the pause', () => {
    expect(appliedSearch('', 'cats', 'cats')).toBe('');
    expect(appliedSearch('', 'cats', '')).toBe('');
  });
});

describe('profile posts paging (10 a page, each after the cursor of the page before)', () => {
  const query = { userId: AUTHOR, q: '', sortBy: 'newest' as const };

  test('one request per page loaded: the first, then one per cursor', () => {
    expect(pageArgs(query, ['c1', 'c2'])).toEqual([
      { userId: AUTHOR, sortBy: 'newest', limit: 10 },
      { userId: AUTHOR, sortBy: 'newest', limit: 10, cursor: 'c1' },
      { userId: AUTHOR, sortBy: 'newest', limit: 10, cursor: 'c2' },
    ]);
  });

  test('a blank search is not sent; a search is sent with every page', () => {
    expect(pageArgs(query, [])[0]).not.toHaveProperty('q');
    expect(pageArgs({ ...query, q: 'cats' }, ['c1']).map((arg) => arg.q)).toEqual(['cats', 'cats']);
  });

  test('always asks for at least the first page', () => {
    expect(pageArgs(query, [])).toHaveLength(1);
  });

  test('loading, then the first page with its total and whether more exist', () => {
    expect(listedPosts([pending])).toMatchObject({
      loading: true,
      failed: false,
      total: null,
      posts: [],
      hasMore: false,
    });
    const first = [post(1), post(2)];
    expect(listedPosts([answered(first, 12, true)])).toMatchObject({
      loading: false,
      total: 12,
      hasMore: true,
      posts: first,
    });
  });

  test('pages append in order; the next page on its way keeps the button busy', () => {
    const one = Array.from({ length: 10 }, (_, i) => post(i + 1));
    const two = [post(11), post(12)];
    const loadingMore = listedPosts([answered(one, 12, true), pending]);
    expect(loadingMore).toMatchObject({ loadingMore: true, hasMore: true, total: 12 });
    expect(loadingMore.posts).toHaveLength(10);
    const done = listedPosts([answered(one, 12, true), answered(two, 12, false)]);
    expect(done.posts.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(done).toMatchObject({ hasMore: false, loadingMore: false, total: 12 });
  });

  test('a post that slid into the next page (a newer one was published) shows once', () => {
    const merged = listedPosts([
      answered([post(1), post(2)], 5, true),
      answered([post(2), post(3)], 5, false),
    ]);
    expect(merged.posts.map((p) => p.number)).toEqual([1, 2, 3]);
  });

  test('the newest page that answered gives the total', () => {
    expect(listedPosts([answered([post(1)], 11, true), answered([post(2)], 12, true)]).total).toBe(
      12,
    );
  });

  test('a failed first page is the error; a failed later page keeps the rest and the button', () => {
    expect(listedPosts([failed])).toMatchObject({ failed: true, loading: false, posts: [] });
    const more = listedPosts([answered([post(1)], 11, true), failed]);
    expect(more).toMatchObject({ failed: false, moreFailed: true, loadingMore: false });
    expect(more.hasMore).toBe(true);
    expect(more.posts).toHaveLength(1);
  });

  test('whatever the pages hold, no post shows twice and first appearances keep their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 10 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (pages) => {
          const listed = listedPosts(
            pages.map((numbers) =>
              answered(
                numbers.map((n) => post(n)),
                15,
                true,
              ),
            ),
          );
          const shown = listed.posts.map((p) => p.number);
          const expected = [...new Set(pages.flat())];
          expect(shown).toEqual(expected);
        },
      ),
    );
  });
});

describe('the trending window in the address', () => {
  test('reads 24h or 7d, anything else as 24h', () => {
    expect(trendingWindowOf('7d')).toBe('7d');
    expect(trendingWindowOf('24h')).toBe('24h');
    expect(trendingWindowOf(null)).toBe('24h');
    expect(trendingWindowOf('30d')).toBe('24h');
    expect(trendingWindowOf('')).toBe('24h');
  });

  test('the default window needs no query; 7d is written', () => {
    expect(trendingSearchFor('24h')).toEqual({});
    expect(trendingSearchFor('7d')).toEqual({ window: '7d' });
    expect(trendingWindowOf(new URLSearchParams(trendingSearchFor('7d')).get('window'))).toBe('7d');
  });

  test('the empty text names the window', () => {
    expect(noTrendingText('24h')).toBe('Nothing is trending in the last 24 hours yet.');
    expect(noTrendingText('7d')).toBe('Nothing is trending in the last 7 days yet.');
  });
});

describe('the saved posts shown', () => {
  const page = (posts: Post[]): FeedPage => ({ posts, nextCursor: null });
  const fromList = (): HeldPost => ({ post: undefined, deleted: false });

  test('keeps the pages’ order, last saved first', () => {
    const shown = savedPostsShown([page([post(3), post(2)]), page([post(1)])], fromList);
    expect(shown.map((p) => p.number)).toEqual([3, 2, 1]);
  });

  test('nothing before the first page answers', () => {
    expect(savedPostsShown(undefined, fromList)).toEqual([]);
  });

  test('a post unsaved anywhere leaves at once, by its newest state in the book', () => {
    const held = (id: string): HeldPost => ({
      post: id === idOf(2) ? post(2, { savedByMe: false, version: 2 }) : undefined,
      deleted: false,
    });
    expect(savedPostsShown([page([post(3), post(2), post(1)])], held).map((p) => p.number)).toEqual(
      [3, 1],
    );
  });

  test('saved again in the book, it stays; a deleted post goes', () => {
    const held = (id: string): HeldPost => ({
      post: post(Number(id.slice(-1)), { savedByMe: true }),
      deleted: id === idOf(1),
    });
    const shown = savedPostsShown([page([post(2, { savedByMe: false }), post(1)])], held);
    expect(shown.map((p) => p.number)).toEqual([2]);
  });

  test('a post answered twice (saved again between pages) shows once', () => {
    const shown = savedPostsShown([page([post(2), post(1)]), page([post(1)])], fromList);
    expect(shown.map((p) => p.number)).toEqual([2, 1]);
  });
});

describe('a post saved in another tab joining the saved pages', () => {
  const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const page = (entries: [Post, string][], nextCursor: string | null = null): SavedPage => ({
    posts: entries.map(([p]) => p),
    nextCursor,
    savedAt: Object.fromEntries(entries.map(([p, when]) => [p.id, when])),
  });
  const order = (pages: SavedPage[]) => pages.flatMap((p) => p.posts.map((each) => each.number));

  test('goes where its save time puts it, with that time', () => {
    const pages = [
      page([
        [post(3), at(30)],
        [post(1), at(10)],
      ]),
    ];
    withSavedPost(pages, post(2), at(20));
    expect(order(pages)).toEqual([3, 2, 1]);
    expect(pages[0]!.savedAt[idOf(2)]).toBe(at(20));
    withSavedPost(pages, post(4), at(40));
    expect(order(pages)).toEqual([4, 3, 2, 1]);
  });

  test('saved again, it moves up and is listed once', () => {
    const pages = [
      page([
        [post(3), at(30)],
        [post(2), at(20)],
      ]),
      page([[post(1), at(10)]]),
    ];
    withSavedPost(pages, post(1), at(40));
    expect(order(pages)).toEqual([1, 3, 2]);
    expect(pages[1]!.savedAt[idOf(1)]).toBeUndefined();
  });

  test('older than all that is loaded while more pages remain, it waits for its page', () => {
    const pages = [page([[post(3), at(30)]], 'cursor')];
    withSavedPost(pages, post(1), at(10));
    expect(order(pages)).toEqual([3]);
    const last = [page([[post(3), at(30)]])];
    withSavedPost(last, post(1), at(10));
    expect(order(last)).toEqual([3, 1]);
  });
});
