import {
  MY_POSTS_PAGE,
  myPostsTabSchema,
  type MyPostsQuery,
  type Post,
  type PostStatus,
  type PostVisibility,
} from '../../../../shared/posts';
import { apiErrorOf } from '../../../lib/formErrors';
import type { MyPostsArg } from '../postsEndpoints';

export type MyPostsTab = MyPostsQuery['tab'];
export type StatusFilter = MyPostsQuery['status'];
export type VisibilityFilter = MyPostsQuery['visibility'];

export const STATUS_LABEL: Record<PostStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  private: 'Private',
};

export const VISIBILITY_LABEL: Record<PostVisibility, string> = {
  public: 'Public',
  friendsOnly: 'Friends Only',
  private: 'Private',
};

/** The tabs of My Posts (001 §2), in the spec's order. */
export const MY_POSTS_TABS: readonly { value: MyPostsTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'private', label: 'Private' },
];

export function isMyPostsTab(value: string | null): value is MyPostsTab {
  return myPostsTabSchema.safeParse(value).success;
}

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'published', label: STATUS_LABEL.published },
  { value: 'draft', label: STATUS_LABEL.draft },
  { value: 'private', label: STATUS_LABEL.private },
];

export const VISIBILITY_FILTERS: readonly { value: VisibilityFilter; label: string }[] = [
  { value: 'all', label: 'All Visibility' },
  { value: 'public', label: VISIBILITY_LABEL.public },
  { value: 'friendsOnly', label: VISIBILITY_LABEL.friendsOnly },
  { value: 'private', label: VISIBILITY_LABEL.private },
];

/** What the list is narrowed by: the tab, the search and the three filters. */
export interface MyPostsFilters {
  tab: MyPostsTab;
  q: string;
  status: StatusFilter;
  visibility: VisibilityFilter;
  /** '' for every category. */
  category: string;
}

export const NO_FILTERS: MyPostsFilters = {
  tab: 'all',
  q: '',
  status: 'all',
  visibility: 'all',
  category: '',
};

/** Whether anything narrows the list, which decides the empty state's text (001 §2). */
export function filtersActive(filters: MyPostsFilters): boolean {
  return (
    filters.tab !== 'all' ||
    filters.q.trim() !== '' ||
    filters.status !== 'all' ||
    filters.visibility !== 'all' ||
    filters.category !== ''
  );
}

/** The empty state's line: one for a narrowed list, one for a member with no posts yet. */
export function emptyText(active: boolean): string {
  return active
    ? 'Try adjusting your search or filters to find what you are looking for.'
    : 'You have not written any posts yet. Start by creating your first post.';
}

/**
 * The category filter's choices, built from the categories of the loaded posts (001 §2), with
 * the chosen one kept even when no loaded post carries it any more.
 */
export function categoryOptions(posts: readonly Pick<Post, 'categories'>[], chosen: string) {
  const all = new Set(posts.flatMap((post) => post.categories));
  if (chosen !== '') all.add(chosen);
  return [...all].sort((a, b) => a.localeCompare(b));
}

export const MY_POSTS_PAGE_SIZE = MY_POSTS_PAGE.default;

/** One request per page loaded so far, at offsets 0, 50, 100...; unset filters are left out. */
export function myPostsArgs(filters: MyPostsFilters, pages: number): MyPostsArg[] {
  const q = filters.q.trim();
  return Array.from({ length: Math.max(1, pages) }, (_, index) => ({
    tab: filters.tab,
    status: filters.status,
    visibility: filters.visibility,
    ...(q ? { q } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    limit: MY_POSTS_PAGE_SIZE,
    offset: index * MY_POSTS_PAGE_SIZE,
  }));
}

/** The first `max` labels, and how many more there are: a card shows 2 categories, 3 tags (001 §9). */
export function shownLabels(labels: readonly string[], max: number) {
  return { shown: labels.slice(0, max), more: Math.max(0, labels.length - max) };
}

export const CARD_CATEGORIES = 2;
export const CARD_TAGS = 3;

/** The card's summary: the author's excerpt, else the start of the content. */
export function excerptOf(post: Pick<Post, 'excerpt' | 'content'>, max = 160): string {
  const excerpt = post.excerpt.trim();
  if (excerpt) return excerpt;
  const content = post.content.trim().replace(/\s+/g, ' ');
  const chars = Array.from(content);
  return chars.length <= max ? content : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** The picture a card shows: the featured image, else the first attached image or poster. */
export function cardImageOf(post: Pick<Post, 'featuredImage' | 'media'>): string | null {
  if (post.featuredImage) return post.featuredImage;
  for (const file of post.media) {
    const picture = file.kind === 'image' ? (file.thumbnailUrl ?? file.url) : file.posterUrl;
    if (picture) return picture;
  }
  return null;
}

/** "1 min read"; an empty post reads in no time. */
export function readTimeText(minutes: number): string {
  return `${minutes} min read`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The failed request's own words for the error state (001 §2): the server's, else the client's. */
export function loadErrorText(failure: unknown): string {
  const answered = apiErrorOf(failure);
  if (answered) return answered.message;
  if (isRecord(failure)) {
    if (typeof failure.error === 'string') return failure.error;
    if (typeof failure.status === 'number') return `The server answered ${failure.status}.`;
  }
  return 'The posts could not be loaded.';
}
