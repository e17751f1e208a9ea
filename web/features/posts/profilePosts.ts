import {
  PROFILE_POSTS_PAGE,
  postSortSchema,
  type Post,
  type PostList,
  type PostSort,
  type UserPostsPage,
} from '../../../shared/posts';
import type { RepostedBy } from '../../../shared/reposts';
import type { UserPostsArg } from './postsEndpoints';

/** The profile posts page's page size and first sort (002 §9). */
export const PROFILE_POSTS_PAGE_SIZE = PROFILE_POSTS_PAGE.default;
export const DEFAULT_POST_SORT: PostSort = 'newest';

/** The sort dropdown of 002 §2 item 11, in its order. */
export const POST_SORTS: readonly { value: PostSort; label: string }[] = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'mostLiked', label: 'Most Liked' },
  { value: 'mostCommented', label: 'Most Commented' },
];

export function isPostSort(value: string): value is PostSort {
  return postSortSchema.safeParse(value).success;
}

/** '{n} post(s) found', singular when 1 (002 §2 item 11). */
export function postsFoundText(count: number): string {
  return `${count} ${count === 1 ? 'post' : 'posts'} found`;
}

/** The empty state's line: the search when there is one, otherwise the profile's (002 §2). */
export function emptyPostsText(search: string): string {
  return search
    ? `No posts match your search for "${search}"`
    : "This profile hasn't posted anything yet.";
}

/** The red box's text (002 §8): a failed search reads differently from a failed listing. */
export function failedPostsText(search: string): string {
  return search ? 'Failed to search posts' : 'Failed to load posts';
}

/**
 * The search the list asks for. Typing settles after a pause (`settled`); Enter or the Search
 * button applies what is typed at once (`submitted`), so the list need not wait for the pause.
 * Blank or whitespace-only text lists the profile's posts (002 §5), and clearing the box does so
 * at once (002 §4).
 */
export function appliedSearch(typed: string, settled: string, submitted: string): string {
  const now = typed.trim();
  return now === '' || now === submitted ? now : settled.trim();
}

export interface ProfilePostsQuery {
  userId: string;
  q: string;
  sortBy: PostSort;
}

/**
 * One request per page loaded so far: the first, then one after each `nextCursor` the page
 * before answered (002 §4 "load more appends"). A keyset page holds its place while the member
 * posts and reposts, so no post moves into the next page twice.
 */
export function pageArgs(query: ProfilePostsQuery, cursors: readonly string[]): UserPostsArg[] {
  return [undefined, ...cursors].map((cursor) => ({
    userId: query.userId,
    sortBy: query.sortBy,
    limit: PROFILE_POSTS_PAGE_SIZE,
    ...(query.q ? { q: query.q } : {}),
    ...(cursor === undefined ? {} : { cursor }),
  }));
}

/** Who reposted each listed repost, from every page loaded ("Ana reposted"). */
export function repostersOf(
  pages: readonly { data?: UserPostsPage | undefined }[],
): Record<string, RepostedBy> {
  return Object.assign({}, ...pages.map((page) => page.data?.repostedBy ?? {})) as Record<
    string,
    RepostedBy
  >;
}

/** What one page's request holds now, as the cache reports it. */
export interface PageResult {
  data?: PostList | undefined;
  isError: boolean;
}

export interface ListedPosts {
  posts: Post[];
  /** Null until a page has answered. */
  total: number | null;
  hasMore: boolean;
  /** The first page is on its way: nothing to show yet. */
  loading: boolean;
  /** The first page failed: nothing to show but the error. */
  failed: boolean;
  /** A later page is on its way or failed; the pages before it still show. */
  loadingMore: boolean;
  moreFailed: boolean;
}

/**
 * The pages loaded so far as one list. Offsets shift when the member publishes or deletes while
 * the reader pages, so a post may answer in two pages: it shows once, where it came first. The
 * total and whether more exist are those of the newest page that answered.
 */
export function listedPosts(pages: readonly PageResult[]): ListedPosts {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages) {
    for (const post of page.data?.posts ?? []) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  const first = pages[0];
  const last = pages.length > 1 ? pages[pages.length - 1] : undefined;
  const answered = [...pages].reverse().find((page) => page.data)?.data;
  return {
    posts,
    total: answered?.total ?? null,
    hasMore: answered?.hasMore ?? false,
    loading: first !== undefined && !first.data && !first.isError,
    failed: first !== undefined && !first.data && first.isError,
    loadingMore: last !== undefined && !last.data && !last.isError,
    moreFailed: last !== undefined && !last.data && last.isError,
  };
}
