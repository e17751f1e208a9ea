import { createNextState } from '@reduxjs/toolkit';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Notification,
  type NotificationsPage,
} from '../../../shared/social';
import { actionPath } from '../../../web/features/notifications/actionPath';
import {
  preferenceTestId,
  togglePreference,
} from '../../../web/features/notifications/notificationPreferences';
import {
  flattenNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  replaceNotification,
  upsertNotification,
  type NotificationsCache,
} from '../../../web/features/notifications/notificationsCache';
import { formatFullDate, formatRelativeTime } from '../../../web/lib/dateFormat';

const ids = {
  a: '00000000-0000-4000-8000-00000000000a',
  b: '00000000-0000-4000-8000-00000000000b',
  c: '00000000-0000-4000-8000-00000000000c',
  d: '00000000-0000-4000-8000-00000000000d',
};
const actor = { id: '00000000-0000-4000-8000-0000000000f1', displayName: 'Ana', avatar: null };

function notification(id: string, minute: number, overrides: Partial<Notification> = {}) {
  return {
    id,
    type: 'friend_request_received',
    title: 'Ana sent you a friend request',
    content: '',
    timestamp: new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString(),
    read: false,
    priority: 'normal',
    category: 'social',
    actionUrl: '/friends',
    actionData: {},
    securityLevel: 'standard',
    actors: [actor],
    actorCount: 1,
    ...overrides,
  } satisfies Notification;
}

function cache(...pages: Notification[][]): NotificationsCache {
  const asPages: NotificationsPage[] = pages.map((list, index) => ({
    notifications: list,
    nextCursor: index < pages.length - 1 ? `cursor-${index + 1}` : null,
  }));
  return {
    pages: asPages,
    pageParams: asPages.map((_, index) => (index ? `cursor-${index}` : null)),
  };
}

const idsOf = (value: NotificationsCache) =>
  value.pages.map((page) => page.notifications.map((item) => item.id));

describe('notifications cache: upsert from a push', () => {
  it('puts a new notification on top of the first page', () => {
    const before = cache(
      [notification(ids.b, 5), notification(ids.c, 4)],
      [notification(ids.d, 1)],
    );
    const after = createNextState(before, (draft) =>
      upsertNotification(draft, notification(ids.a, 9)),
    );
    expect(idsOf(after)).toEqual([[ids.a, ids.b, ids.c], [ids.d]]);
    expect(idsOf(before)).toEqual([[ids.b, ids.c], [ids.d]]);
  });

  it('replaces a regrouped notification by id and moves it to the top', () => {
    const regrouped = notification(ids.d, 10, {
      title: 'Ana and 3 others sent you friend requests',
      actorCount: 4,
    });
    const after = createNextState(
      cache([notification(ids.b, 5), notification(ids.c, 4)], [notification(ids.d, 1)]),
      (draft) => upsertNotification(draft, regrouped),
    );
    expect(idsOf(after)).toEqual([[ids.d, ids.b, ids.c], []]);
    expect(after.pages[0]!.notifications[0]).toEqual(regrouped);
  });

  it('replaces a regrouped notification already on top without duplicating it', () => {
    const after = createNextState(
      cache([notification(ids.a, 5), notification(ids.b, 4)]),
      (draft) => upsertNotification(draft, notification(ids.a, 6, { actorCount: 2 })),
    );
    expect(idsOf(after)).toEqual([[ids.a, ids.b]]);
    expect(after.pages[0]!.notifications[0]!.actorCount).toBe(2);
  });

  it('ignores a push older than the copy it holds', () => {
    const before = cache([notification(ids.a, 8, { actorCount: 3 }), notification(ids.b, 4)]);
    const after = createNextState(before, (draft) =>
      upsertNotification(draft, notification(ids.a, 6, { actorCount: 2 })),
    );
    expect(after).toBe(before);
  });

  it('does nothing when no page has been fetched', () => {
    const empty: NotificationsCache = { pages: [], pageParams: [] };
    expect(
      createNextState(empty, (draft) => upsertNotification(draft, notification(ids.a, 1))),
    ).toBe(empty);
  });
});

describe('notifications cache: read state', () => {
  it('marks one notification read wherever it is', () => {
    const after = createNextState(
      cache([notification(ids.a, 5)], [notification(ids.b, 4)]),
      (draft) => markNotificationRead(draft, ids.b),
    );
    expect(after.pages.map((page) => page.notifications.map((item) => item.read))).toEqual([
      [false],
      [true],
    ]);
  });

  it('marks every loaded notification read', () => {
    const after = createNextState(
      cache([notification(ids.a, 5)], [notification(ids.b, 4)]),
      markAllNotificationsRead,
    );
    expect(flattenNotifications(after.pages).every((item) => item.read)).toBe(true);
  });

  it('replaces with the server answer in place', () => {
    const answer = notification(ids.b, 4, { read: true, title: 'Server title' });
    const after = createNextState(
      cache([notification(ids.a, 5), notification(ids.b, 4)]),
      (draft) => replaceNotification(draft, answer),
    );
    expect(idsOf(after)).toEqual([[ids.a, ids.b]]);
    expect(after.pages[0]!.notifications[1]).toEqual(answer);
  });

  it('flattens pages, keeping the first copy of an item seen twice', () => {
    const newer = notification(ids.a, 9, { actorCount: 2 });
    const pages = cache([newer, notification(ids.b, 5)], [notification(ids.a, 1)]).pages;
    expect(flattenNotifications(pages)).toEqual([newer, notification(ids.b, 5)]);
  });
});

describe('relative time', () => {
  const at = '2026-11-22T12:00:00.000Z';
  const now = Date.parse(at);
  const later = (ms: number) => now + ms;
  const minute = 60_000;

  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [minute, '1 minute ago'],
    [5 * minute, '5 minutes ago'],
    [59 * minute, '59 minutes ago'],
    [60 * minute, '1 hour ago'],
    [23 * 60 * minute, '23 hours ago'],
    [24 * 60 * minute, 'yesterday'],
    [3 * 24 * 60 * minute, '3 days ago'],
    [6 * 24 * 60 * minute, '6 days ago'],
  ])('%i ms later reads "%s"', (elapsed, text) => {
    expect(formatRelativeTime(at, later(elapsed))).toBe(text);
  });

  it('reads a timestamp from a clock slightly ahead as just now', () => {
    expect(formatRelativeTime(at, now - 30_000)).toBe('just now');
  });

  it('shows the US short date with time from a week on', () => {
    const text = formatRelativeTime(at, later(7 * 24 * 60 * minute), 'UTC');
    expect(text).toBe(formatFullDate(at, 'UTC'));
    expect(text).toMatch(/^11\/22\/26, 12:00\sPM$/);
  });
});

describe('notification preferences toggle', () => {
  it('changes only the switch flipped and keeps the rest', () => {
    const next = togglePreference(DEFAULT_NOTIFICATION_PREFERENCES, {
      type: 'friend_request_received',
      channel: 'email',
      enabled: false,
    });
    expect(next).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      friend_request_received: { inApp: true, email: false },
    });
    expect(next.friend_request_accepted).toBe(
      DEFAULT_NOTIFICATION_PREFERENCES.friend_request_accepted,
    );
    expect(DEFAULT_NOTIFICATION_PREFERENCES.friend_request_received.email).toBe(true);
  });

  it('turns a switch back on', () => {
    const off = togglePreference(DEFAULT_NOTIFICATION_PREFERENCES, {
      type: 'friend_request_accepted',
      channel: 'inApp',
      enabled: false,
    });
    expect(
      togglePreference(off, { type: 'friend_request_accepted', channel: 'inApp', enabled: true }),
    ).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('returns the same object when nothing changes', () => {
    expect(
      togglePreference(DEFAULT_NOTIFICATION_PREFERENCES, {
        type: 'friend_request_received',
        channel: 'inApp',
        enabled: true,
      }),
    ).toBe(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('names its test ids by type and channel', () => {
    expect(preferenceTestId('friend_request_received', 'email')).toBe(
      'notification-preference-friend_request_received-email',
    );
  });
});

describe('notification links', () => {
  it('follows in-app paths only', () => {
    expect(actionPath('/friends?tab=requests')).toBe('/friends?tab=requests');
    expect(actionPath('https://evil.example/')).toBeNull();
    expect(actionPath('//evil.example/')).toBeNull();
    expect(actionPath('/\\evil.example')).toBeNull();
    expect(actionPath('javascript:alert(1)')).toBeNull();
  });
});
