import type { FeedPage, Post } from '../../../shared/posts';

/** The feed's posts in order, each once: a post seen on two pages shows on the first. */
export function feedPostIds(pages: readonly FeedPage[] | undefined): string[] {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const page of pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      ids.push(post.id);
    }
  }
  return ids;
}

function shownAt(post: Pick<Post, 'publishedAt' | 'createdAt'>): number {
  return Date.parse(post.publishedAt ?? post.createdAt);
}

/**
 * The first page with newly published or reposted posts on top, newest first, leaving out any it
 * already holds. They were published or reposted after everything loaded, so above it is where
 * the feed's own order puts them; a reposted one sorts by when it was reposted (`repostedAt`).
 */
export function mergeNewPosts(
  page: readonly Post[],
  incoming: readonly Post[],
  repostedAt: Readonly<Record<string, string>> = {},
): Post[] {
  const held = new Set(page.map((post) => post.id));
  const fresh = new Map<string, Post>();
  for (const post of incoming) if (!held.has(post.id)) fresh.set(post.id, post);
  const at = (post: Post) => {
    const reposted = repostedAt[post.id];
    return reposted === undefined ? shownAt(post) : Date.parse(reposted);
  };
  const newest = [...fresh.values()].sort((a, b) => at(b) - at(a));
  return [...newest, ...page];
}

/**
 * How many rows arrived above the row that was first, so the list can shift its indexes by as
 * many and the reader's place stays put. A first row that is gone (deleted, or a reload from
 * scratch) gives 0: there is no place to keep.
 */
export function rowsAddedAbove(previousFirstId: string | null, ids: readonly string[]): number {
  if (previousFirstId === null) return 0;
  return Math.max(0, ids.indexOf(previousFirstId));
}

export type FeedFooter = 'loading' | 'failed' | 'end' | 'more';

/** What the bottom of the feed shows: the loader, a retry, or the end text. */
export function feedFooter(state: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
}): FeedFooter {
  if (state.isFetchingNextPage) return 'loading';
  if (state.isFetchNextPageError) return 'failed';
  return state.hasNextPage ? 'more' : 'end';
}

export const FEED_TEXTS = {
  end: "You've reached the end of the feed",
  emptyTitle: 'No posts yet',
  emptyBody: 'Posts from you and your friends show up here. Share something to get started.',
  createPost: 'Create a post',
  loadFailedTitle: 'Your feed could not be loaded',
  loadFailed: 'Check your connection and try again.',
  moreFailed: 'More posts could not be loaded.',
  newPostsFailed: 'The new posts could not be loaded. Please try again.',
  loadingMore: 'Loading more posts…',
} as const;

export function newPostsText(count: number): string {
  return `${count} new post${count === 1 ? '' : 's'}`;
}
