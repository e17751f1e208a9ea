import type { Friend, Person, SearchResult } from '../../../shared/social';
import {
  cardStateOf,
  markRequestSent,
  requestMessageOf,
} from '../../../web/features/friends/cardState';
import { canReconnect, sandboxStatus } from '../../../web/features/friends/connectionBadges';
import {
  ALL_FRIENDS,
  filterFriends,
  isPrivacyFilter,
  isStatusFilter,
  PRIVACY_FILTERS,
  STATUS_FILTERS,
} from '../../../web/features/friends/friendFilters';
import { friendsTabOf } from '../../../web/features/friends/friendsTabs';
import { messagesUrl, profileUrl } from '../../../web/lib/links';
import { mutualFriendsText, presenceText, relativeTime } from '../../../web/lib/relativeTime';
import {
  canSubmitSearch,
  searchQueryOf,
  searchSummary,
} from '../../../web/features/friends/searchRules';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-03-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

let counter = 0;
function person(overrides: Partial<Person> = {}): Person {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    username: `member${counter}`,
    displayName: `Member ${counter}`,
    avatar: null,
    status: 'offline',
    lastSeen: null,
    privacy: 'public',
    ...overrides,
  };
}

function friend(user: Partial<Person>): Friend {
  const member = person(user);
  return {
    id: member.id,
    user: member,
    mutualFriends: 0,
    friendshipDate: ago(10 * HOUR),
    lastInteraction: ago(HOUR),
    trustLevel: 50,
    permissions: ['read', 'write', 'search', 'delete'],
  };
}

function result(flags: Partial<SearchResult>): SearchResult {
  const member = person();
  return {
    id: member.id,
    user: member,
    mutualFriends: 2,
    isFriend: false,
    hasPendingRequest: false,
    canSendRequest: true,
    relevanceScore: 1,
    ...flags,
  };
}

describe('friend filters', () => {
  const ana = friend({ status: 'online', privacy: 'public' });
  const ben = friend({ status: 'away', privacy: 'friendsOnly' });
  const cai = friend({ status: 'offline', privacy: 'private' });
  const dee = friend({ status: 'online', privacy: 'private' });
  const all = [ana, ben, cai, dee];

  it('offers the spec values in order', () => {
    expect(STATUS_FILTERS.map((o) => o.value)).toEqual(['all', 'online', 'away', 'offline']);
    expect(PRIVACY_FILTERS.map((o) => o.value)).toEqual([
      'all',
      'public',
      'friendsOnly',
      'private',
    ]);
  });

  it('lets everyone through with both filters on all', () => {
    expect(filterFriends(all, ALL_FRIENDS)).toEqual(all);
  });

  it('filters by status', () => {
    expect(filterFriends(all, { status: 'online', privacy: 'all' })).toEqual([ana, dee]);
    expect(filterFriends(all, { status: 'away', privacy: 'all' })).toEqual([ben]);
    expect(filterFriends(all, { status: 'offline', privacy: 'all' })).toEqual([cai]);
  });

  it('filters by privacy', () => {
    expect(filterFriends(all, { status: 'all', privacy: 'public' })).toEqual([ana]);
    expect(filterFriends(all, { status: 'all', privacy: 'friendsOnly' })).toEqual([ben]);
    expect(filterFriends(all, { status: 'all', privacy: 'private' })).toEqual([cai, dee]);
  });

  it('combines both filters, and can leave nobody', () => {
    expect(filterFriends(all, { status: 'online', privacy: 'private' })).toEqual([dee]);
    expect(filterFriends(all, { status: 'away', privacy: 'public' })).toEqual([]);
  });

  it('recognises only the offered values', () => {
    expect(isStatusFilter('away')).toBe(true);
    expect(isStatusFilter('blocked')).toBe(false);
    expect(isPrivacyFilter('friendsOnly')).toBe(true);
    expect(isPrivacyFilter('friends')).toBe(false);
  });
});

describe('search box rule', () => {
  it('is disabled for empty or whitespace-only text', () => {
    expect(canSubmitSearch('', false)).toBe(false);
    expect(canSubmitSearch('   \t ', false)).toBe(false);
  });

  it('is disabled while searching', () => {
    expect(canSubmitSearch('ana', true)).toBe(false);
  });

  it('is enabled for text while idle', () => {
    expect(canSubmitSearch(' ana ', false)).toBe(true);
  });

  it('sends the trimmed query, and nothing for blank text', () => {
    expect(searchQueryOf('  ana b ')).toBe('ana b');
    expect(searchQueryOf('  ')).toBeNull();
  });

  it('summarises results in the spec words', () => {
    expect(searchSummary(0)).toBe('No results found');
    expect(searchSummary(3)).toBe('Found 3 people');
  });
});

describe('card state of a search result', () => {
  it('shows Friends for a friend, whatever else is set', () => {
    expect(cardStateOf(result({ isFriend: true, canSendRequest: false }))).toBe('friends');
    expect(cardStateOf(result({ isFriend: true, hasPendingRequest: true }))).toBe('friends');
  });

  it('shows Pending while a request is pending either way', () => {
    expect(cardStateOf(result({ hasPendingRequest: true, canSendRequest: false }))).toBe('pending');
  });

  it('offers Add when a request can be sent', () => {
    expect(cardStateOf(result({}))).toBe('add');
  });

  it('offers nothing when no request may be sent', () => {
    expect(cardStateOf(result({ canSendRequest: false }))).toBe('unavailable');
  });

  it('turns Pending once the request went out', () => {
    expect(cardStateOf(markRequestSent(result({})))).toBe('pending');
  });

  it('sends the note only when its box is open and it is not blank', () => {
    expect(requestMessageOf(true, '  Hi there ')).toBe('Hi there');
    expect(requestMessageOf(true, '   ')).toBeUndefined();
    expect(requestMessageOf(false, 'Hi there')).toBeUndefined();
  });
});

describe('relative times (000 §9)', () => {
  it('says Just now under an hour, and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(HOUR - 1), NOW)).toBe('Just now');
    expect(relativeTime(ago(-5 * 60 * 1000), NOW)).toBe('Just now');
  });

  it('counts hours under a day', () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * 60 * 1000), NOW)).toBe('23 hours ago');
  });

  it('counts days under 168 hours', () => {
    expect(relativeTime(ago(24 * HOUR), NOW)).toBe('1 day ago');
    expect(relativeTime(ago(167 * HOUR), NOW)).toBe('6 days ago');
  });

  it('gives the date from 168 hours on', () => {
    expect(relativeTime(ago(168 * HOUR), NOW)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026$/);
  });

  it('words the presence line', () => {
    expect(presenceText({ status: 'online', lastSeen: ago(0) }, NOW)).toBe('Online');
    expect(presenceText({ status: 'away', lastSeen: ago(0) }, NOW)).toBe('Away');
    expect(presenceText({ status: 'offline', lastSeen: null }, NOW)).toBe('Offline');
    expect(presenceText({ status: 'offline', lastSeen: ago(10 * 60 * 1000) }, NOW)).toBe(
      'Last seen just now',
    );
    expect(presenceText({ status: 'offline', lastSeen: ago(3 * HOUR) }, NOW)).toBe(
      'Last seen 3 hours ago',
    );
    expect(presenceText({ status: 'offline', lastSeen: ago(50 * HOUR) }, NOW)).toBe(
      'Last seen 2 days ago',
    );
  });

  it('words mutual friends', () => {
    expect(mutualFriendsText(0)).toBe('No mutual friends');
    expect(mutualFriendsText(1)).toBe('1 mutual friend');
    expect(mutualFriendsText(4)).toBe('4 mutual friends');
  });
});

describe('tabs, links and header badges', () => {
  it('opens the tab named in ?tab=, else Friends', () => {
    expect(friendsTabOf('requests')).toBe('requests');
    expect(friendsTabOf('search')).toBe('search');
    expect(friendsTabOf('suggestions')).toBe('suggestions');
    expect(friendsTabOf(null)).toBe('friends');
    expect(friendsTabOf('nonsense')).toBe('friends');
  });

  it('links a card to the profile and to messages', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(profileUrl(id)).toBe(`/profile/${id}`);
    expect(messagesUrl(id)).toBe(`/messages?user=${id}`);
  });

  it('is Sandboxed only while healthy and signed in', () => {
    expect(sandboxStatus({ status: 'healthy' }, 'u1')).toBe('Sandboxed');
    expect(sandboxStatus({ status: 'healthy' }, null)).toBe('Unsafe');
    expect(sandboxStatus({ status: 'connecting' }, 'u1')).toBe('Unsafe');
    expect(sandboxStatus({ status: 'reconnecting', attempt: 2, maxAttempts: 5 }, 'u1')).toBe(
      'Unsafe',
    );
    expect(sandboxStatus({ status: 'offline' }, 'u1')).toBe('Unsafe');
  });

  it('offers Reconnect only when the channel is down', () => {
    expect(canReconnect({ status: 'healthy' })).toBe(false);
    expect(canReconnect({ status: 'connecting' })).toBe(false);
    expect(canReconnect({ status: 'reconnecting', attempt: 1, maxAttempts: 5 })).toBe(true);
    expect(canReconnect({ status: 'offline' })).toBe(true);
  });
});
