import { hashtagPath } from '../../../shared/hashtags/parse';
import { SEARCH_TYPES, type SearchSuggestions, type SearchType } from '../../../shared/search';

/** One suggestion under the box: where it leads and what it reads as. */
export interface SearchOption {
  key: string;
  group: SearchType;
  href: string;
  label: string;
  detail: string;
}

export const SEARCH_GROUP_LABELS: Record<SearchType, string> = {
  people: 'People',
  posts: 'Posts',
  communities: 'Communities',
  tags: 'Tags',
};

/** The results page of a text, on one tab (posts, the page's first, when none is named). */
export function searchHref(q: string, type?: SearchType): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (type && type !== 'posts') params.set('type', type);
  return `/search?${params.toString()}`;
}

export const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;
export const postHref = (id: string) => `/post/${encodeURIComponent(id)}`;
export const communityHref = (id: string) => `/community?c=${encodeURIComponent(id)}`;

const excerpt = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The suggestions as one list in the order they are shown (people, posts, communities, tags),
 * so the arrow keys move through the groups as one listbox.
 */
export function searchOptions(found: SearchSuggestions): SearchOption[] {
  return [
    ...found.people.map((p) => ({
      key: `people:${p.id}`,
      group: 'people' as const,
      href: profileHref(p.username),
      label: p.displayName || p.username,
      detail: `@${p.username}`,
    })),
    ...found.posts.map((p) => ({
      key: `posts:${p.id}`,
      group: 'posts' as const,
      href: postHref(p.id),
      label: excerpt(p.title || p.content),
      detail: `by ${p.author.displayName || p.author.username}`,
    })),
    ...found.communities.map((c) => ({
      key: `communities:${c.id}`,
      group: 'communities' as const,
      href: communityHref(c.id),
      label: c.name,
      detail: `${c.stats.members} ${c.stats.members === 1 ? 'member' : 'members'}`,
    })),
    ...found.tags.map((t) => ({
      key: `tags:${t.tag}`,
      group: 'tags' as const,
      href: hashtagPath(t.tag),
      label: `#${t.tag}`,
      detail: '',
    })),
  ];
}

/** The options of each group, in the order the groups are shown, leaving out empty ones. */
export function groupedOptions(options: SearchOption[]) {
  return SEARCH_TYPES.map((group) => ({
    group,
    options: options
      .map((option, index) => ({ option, index }))
      .filter(({ option }) => option.group === group),
  })).filter(({ options: inGroup }) => inGroup.length > 0);
}

/**
 * The option highlighted after an arrow key: down from none is the first, up from none the last,
 * and each end wraps to the other. -1 is none (Enter then opens the results page).
 */
export function movedHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp') {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
