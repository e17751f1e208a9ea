import { socialMessages } from '../../shared/social/messages';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../shared/social/notifications';
import {
  changeNotificationPreferences,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../server/domains/notifications/commands';
import { ANA, decide, refusal, refusedAs, type StateOf } from './support/decide';

/** Ana's own stream: what she does to her notifications. */
const STREAM = `notifications-${ANA}`;

type Row = NonNullable<StateOf<typeof markNotificationRead>['notification']>;
const notification = (over: Partial<Row> = {}): Row => ({
  id: 'notification-1',
  user_id: ANA,
  type: 'friend_request_received',
  group_key: 'friend_request_received',
  source_key: 'request-1',
  message: null,
  actor_count: 1,
  priority: 'normal',
  action_url: '/friends?tab=requests',
  action_data: {},
  read: false,
  created_at: new Date('2026-03-01T10:00:00.000Z'),
  updated_at: new Date('2026-03-01T10:00:00.000Z'),
  ...over,
});

describe('marking one notification read', () => {
  const when = { userId: ANA, notificationId: 'notification-1' };

  it("answers not found for another member's notification or an unknown one", async () => {
    const refused = await refusal(
      markNotificationRead,
      { version: 2, notification: undefined },
      when,
    );
    expect(refused).toEqual(refusedAs.notFound(socialMessages.notificationNotFound));
  });

  it('appends nothing for one already read, and answers it as it is', async () => {
    const read = notification({ read: true });
    const decision = await decide(markNotificationRead, { version: 2, notification: read }, when);
    expect(decision).toMatchObject({ appends: [], reply: false, result: read });
  });

  it("appends NotificationRead to the member's stream and reads the notification back", async () => {
    const decision = await decide(
      markNotificationRead,
      { version: 2, notification: notification() },
      when,
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: STREAM, expectedVersion: 2, types: ['NotificationRead'] }],
      reply: true,
    });
    expect(decision.events).toEqual([
      { type: 'NotificationRead', data: { userId: ANA, notificationId: 'notification-1' } },
    ]);
  });
});

describe('marking every notification read', () => {
  it('appends nothing when none is unread', async () => {
    const decision = await decide(
      markAllNotificationsRead,
      { version: 5, unread: false },
      { userId: ANA },
    );
    expect(decision.appends).toEqual([]);
  });

  it('appends AllNotificationsRead when one is unread', async () => {
    const decision = await decide(
      markAllNotificationsRead,
      { version: 5, unread: true },
      { userId: ANA },
    );
    expect(decision.appends).toEqual([
      { streamId: STREAM, expectedVersion: 5, types: ['AllNotificationsRead'] },
    ]);
    expect(decision.events).toEqual([{ type: 'AllNotificationsRead', data: { userId: ANA } }]);
  });
});

describe('changing preferences', () => {
  const emailOff: NotificationPreferences = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    friend_request_accepted: { inApp: true, email: false },
  };

  it('appends nothing for the preferences the member already has, and answers them', async () => {
    const decision = await decide(
      changeNotificationPreferences,
      { version: 1, current: emailOff },
      { userId: ANA, preferences: { ...emailOff } },
    );
    expect(decision).toMatchObject({ appends: [], result: emailOff });
  });

  it('appends NotificationPreferencesChanged with the whole new set', async () => {
    const decision = await decide(
      changeNotificationPreferences,
      { version: 1, current: DEFAULT_NOTIFICATION_PREFERENCES },
      { userId: ANA, preferences: emailOff },
    );
    expect(decision).toMatchObject({
      appends: [
        { streamId: STREAM, expectedVersion: 1, types: ['NotificationPreferencesChanged'] },
      ],
      result: emailOff,
    });
    expect(decision.events).toEqual([
      { type: 'NotificationPreferencesChanged', data: { userId: ANA, preferences: emailOff } },
    ]);
  });
});
