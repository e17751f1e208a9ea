import type { SearchSuggestions } from '../../../shared/search';
import {
  groupedOptions,
  movedHighlight,
  searchHref,
  searchOptions,
} from '../../../web/features/search/searchOptions';
import {
  isSlashShortcut,
  isTypingTarget,
  noteEarlySlash,
  takeEarlySlash,
} from '../../../web/features/search/slashShortcut';

const P = '10000000-0000-4000-8000-000000000001';
const C = '10000000-0000-4000-8000-000000000002';

const found = {
  people: [
    {
      id: P,
      username: 'ana',
      displayName: 'Ana Lima',
      avatar: null,
      status: 'online',
      lastSeen: null,
      privacy: 'public',
    },
  ],
  posts: [
    { id: P, title: '', content: 'A  long\nline', author: { username: 'ana', displayName: '' } },
  ],
  communities: [{ id: C, name: 'Quokka Fans', stats: { members: 1 } }],
  tags: [{ tag: 'café' }],
} as unknown as SearchSuggestions;

describe('the search box’s options', () => {
  it('lists people, posts, communities and tags in that order, each with where it leads', () => {
    expect(searchOptions(found)).toEqual([
      {
        key: `people:${P}`,
        group: 'people',
        href: '/profile/ana',
        label: 'Ana Lima',
        detail: '@ana',
      },
      {
        key: `posts:${P}`,
        group: 'posts',
        href: `/post/${P}`,
        label: 'A long line',
        detail: 'by ana',
      },
      {
        key: `communities:${C}`,
        group: 'communities',
        href: `/community?c=${C}`,
        label: 'Quokka Fans',
        detail: '1 member',
      },
      { key: 'tags:café', group: 'tags', href: '/tags/caf%C3%A9', label: '#café', detail: '' },
    ]);
  });

  it('groups them keeping each option’s place in the one list, leaving out empty groups', () => {
    const options = searchOptions({ ...found, posts: [] });
    expect(
      groupedOptions(options).map(({ group, options: inGroup }) => [
        group,
        inGroup.map((o) => o.index),
      ]),
    ).toEqual([
      ['people', [0]],
      ['communities', [1]],
      ['tags', [2]],
    ]);
  });
});

describe('the highlight', () => {
  it('moves down from none to the first and up from none to the last, wrapping at both ends', () => {
    expect(movedHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(movedHighlight(0, 3, 'ArrowDown')).toBe(1);
    expect(movedHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(movedHighlight(-1, 3, 'ArrowUp')).toBe(2);
    expect(movedHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(movedHighlight(2, 3, 'ArrowUp')).toBe(1);
    expect(movedHighlight(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('the results page’s address', () => {
  it('carries the text trimmed, and the tab unless it is posts', () => {
    expect(searchHref('  a & b ')).toBe('/search?q=a+%26+b');
    expect(searchHref('ana', 'posts')).toBe('/search?q=ana');
    expect(searchHref('ana', 'people')).toBe('/search?q=ana&type=people');
  });
});

describe('the `/` shortcut', () => {
  it('is typed, not taken, in text fields, text areas, selects and editable content', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'search' } as unknown as EventTarget)).toBe(
      true,
    );
    expect(isTypingTarget({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' } as unknown as EventTarget)).toBe(true);
    expect(
      isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget),
    ).toBe(true);
  });

  it('focuses the box from anywhere else: the page, a button, a checkbox, a link', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY' } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget)).toBe(
      false,
    );
    expect(isTypingTarget({ tagName: 'A' } as unknown as EventTarget)).toBe(false);
  });

  const key = (init: Partial<KeyboardEvent>) =>
    ({
      key: '/',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      defaultPrevented: false,
      target: null,
      ...init,
    }) as KeyboardEvent;

  it('is `/` alone: with a modifier, already handled, or typed into a field it is not', () => {
    expect(isSlashShortcut(key({}))).toBe(true);
    expect(isSlashShortcut(key({ key: '?' }))).toBe(false);
    expect(isSlashShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isSlashShortcut(key({ defaultPrevented: true }))).toBe(false);
    expect(
      isSlashShortcut(key({ target: { tagName: 'TEXTAREA' } as unknown as EventTarget })),
    ).toBe(false);
  });

  it('pressed before the box arrived, focuses it once as it mounts, unless the member typed elsewhere since', () => {
    expect(takeEarlySlash(null)).toBe(false);
    noteEarlySlash();
    expect(takeEarlySlash(null)).toBe(true);
    expect(takeEarlySlash(null)).toBe(false);
    noteEarlySlash();
    expect(takeEarlySlash({ tagName: 'TEXTAREA' } as unknown as Element)).toBe(false);
    expect(takeEarlySlash(null)).toBe(false);
  });
});
