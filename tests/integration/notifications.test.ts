import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { SOCKET_EVENTS } from '../../shared/realtime';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsPageSchema,
  type Notification,
  type NotificationPreferences,
} from '../../shared/social/notifications';
import { MAX_NOTIFICATIONS_PER_MEMBER } from '../../shared/social/limits';
import {
  notificationEmail,
  notificationEmailRead,
} from '../../server/domains/notifications/notification-emails';
import { member as memberRef } from '../../server/domains/relations/relations-policy';
import { runRead, runStatements } from '../support/model';
import { answerRequest, sendRequest } from '../support/social-events';
import { as, badgesOf, countEvents, signUp, type TestMember } from '../support/factories';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const api = () => request(stack.server.url);
const db = () => stack.database.db;

let named = 0;
/** Members with short, readable names: titles are asserted word for word. */
function member(prefix = 'm'): Promise<TestMember> {
  named += 1;
  return signUp(stack.server, `${prefix}_${named}`);
}

async function notificationsOf(who: TestMember, cursor?: string) {
  const res = await as(stack.server, who)
    .get('/notifications')
    .query(cursor ? { cursor } : {})
    .expect(200);
  return notificationsPageSchema.parse(res.body);
}

function withEmail(
  type: keyof NotificationPreferences,
  delivery: { inApp: boolean; email: boolean },
): NotificationPreferences {
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, [type]: delivery };
}

async function setPreferences(who: TestMember, preferences: NotificationPreferences) {
  await as(stack.server, who)
    .put('/me/notification-preferences', preferences)
    .expect(200, preferences);
}

describe('projected notifications', () => {
  it('gives the recipient an unread notification for a request, and pushes it to them', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const socket = await connectAs(stack.server, bo);
    const pushed = waitForEvent<{ notification: Notification }>(socket, SOCKET_EVENTS.notification);

    const requestId = await sendRequest(db(), ana.id, bo.id, 'We met at the meetup');

    const { notifications, nextCursor } = await notificationsOf(bo);
    expect(nextCursor).toBeNull();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'friend_request_received',
      title: `${ana.username} sent you a friend request`,
      content: 'We met at the meetup',
      read: false,
      priority: 'normal',
      category: 'social',
      actionUrl: '/friends?tab=requests',
      actionData: { requestId, userId: ana.id },
      securityLevel: 'standard',
      actors: [{ id: ana.id, displayName: ana.username, avatar: null }],
      actorCount: 1,
    });
    const payload = await pushed;
    expect(notificationSchema.parse(payload.notification)).toEqual(notifications[0]);
    socket.close();

    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 1, friendRequests: 1 });
    expect((await notificationsOf(ana)).notifications).toEqual([]);
  });

  it('groups unread requests from several members into one notification', async () => {
    const [target, first, second, third] = await Promise.all([
      member('target'),
      member('first'),
      member('second'),
      member('third'),
    ]);
    await sendRequest(db(), first.id, target.id);
    await sendRequest(db(), second.id, target.id);
    await sendRequest(db(), third.id, target.id);

    const { notifications } = await notificationsOf(target);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      title: `${third.username} and 2 others sent you friend requests`,
      content: `${third.username} would like to be your friend.`,
      actorCount: 3,
      read: false,
    });
    expect(notifications[0]!.actors.map((a) => a.id)).toEqual([third.id, second.id, first.id]);
    expect(await badgesOf(stack.server, target)).toMatchObject({
      notifications: 1,
      friendRequests: 3,
    });
  });

  it('moves an actor who comes back to the front of the group instead of repeating them', async () => {
    const [target, first, second] = await Promise.all([
      member('target'),
      member('first'),
      member('second'),
    ]);
    const withdrawn = await sendRequest(db(), first.id, target.id);
    await sendRequest(db(), second.id, target.id);
    await answerRequest(db(), 'FriendRequestCancelled', {
      requestId: withdrawn,
      fromUserId: first.id,
      toUserId: target.id,
    });
    await sendRequest(db(), first.id, target.id);

    const { notifications } = await notificationsOf(target);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.actors.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(notifications[0]!.actorCount).toBe(2);
  });

  it('tells the sender when their request is accepted', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const requestId = await sendRequest(db(), ana.id, bo.id);
    await answerRequest(db(), 'FriendRequestAccepted', {
      requestId,
      fromUserId: ana.id,
      toUserId: bo.id,
    });
    const { notifications } = await notificationsOf(ana);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'friend_request_accepted',
      title: `${bo.username} accepted your friend request`,
      actionUrl: `/profile/${bo.id}`,
      actorCount: 1,
    });
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 1, friendRequests: 0 });
  });
});

describe('reading notifications', () => {
  it('marks one read, follows in the badges, tells the other tabs, and is idempotent', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    await sendRequest(db(), ana.id, bo.id);
    const [notification] = (await notificationsOf(bo)).notifications;
    const otherTab = await connectAs(stack.server, bo);
    const changed = waitForEvent(otherTab, SOCKET_EVENTS.notificationsChanged);

    const before = await countEvents(db());
    const res = await as(stack.server, bo)
      .post(`/notifications/${notification!.id}/read`)
      .expect(200);
    expect(res.body).toEqual({ ...notification, read: true });
    await expect(changed).resolves.toEqual({});
    otherTab.close();
    expect(await countEvents(db())).toBe(before + 1);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 0 });

    await as(stack.server, bo)
      .post(`/notifications/${notification!.id}/read`)
      .expect(200, { ...notification, read: true });
    expect(await countEvents(db())).toBe(before + 1);

    // A read notification no longer gathers new requests: the next one starts its own.
    const carl = await member('carl');
    await sendRequest(db(), carl.id, bo.id);
    const { notifications } = await notificationsOf(bo);
    expect(notifications.map((n) => [n.actorCount, n.read])).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it('marks all read, and appends nothing when nothing is unread', async () => {
    const [ana, bo, carl] = await Promise.all([member('ana'), member('bo'), member('carl')]);
    const requestId = await sendRequest(db(), bo.id, ana.id);
    await answerRequest(db(), 'FriendRequestAccepted', {
      requestId,
      fromUserId: bo.id,
      toUserId: ana.id,
    });
    await sendRequest(db(), carl.id, bo.id);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 2 });

    const before = await countEvents(db());
    await as(stack.server, bo).post('/notifications/read-all').expect(204);
    expect(await countEvents(db())).toBe(before + 1);
    const { notifications } = await notificationsOf(bo);
    expect(notifications).toHaveLength(2);
    expect(notifications.every((n) => n.read)).toBe(true);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 0 });

    await as(stack.server, bo).post('/notifications/read-all').expect(204);
    expect(await countEvents(db())).toBe(before + 1);
  });

  it("answers 404 for another member's notification or an unknown one, and writes nothing", async () => {
    const [ana, bo, eve] = await Promise.all([member('ana'), member('bo'), member('eve')]);
    await sendRequest(db(), ana.id, bo.id);
    const [notification] = (await notificationsOf(bo)).notifications;
    const before = await countEvents(db());
    for (const id of [notification!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await as(stack.server, eve).post(`/notifications/${id}/read`).expect(404);
      expect(res.body.error).toEqual({ code: 'not-found', message: 'Notification not found' });
    }
    expect(await countEvents(db())).toBe(before);
    expect((await notificationsOf(bo)).notifications[0]!.read).toBe(false);
  });

  it('needs a session', async () => {
    await api().get('/api/notifications').expect(401);
    await api().post('/api/notifications/read-all').expect(401);
    await api().get('/api/me/notification-preferences').expect(401);
  });
});

describe('pagination', () => {
  it('walks every notification once, newest first, twenty at a time, across equal times', async () => {
    const reader = await member('reader');
    // Seeded rows: several share a timestamp, others differ by microseconds only.
    await sql`
      with seeded as (
        insert into notifications (id, user_id, type, group_key, source_key, message,
          actor_count, action_url, action_data, read, created_at, updated_at)
        select gen_random_uuid(), ${reader.id}::uuid, 'friend_request_received',
          'friend_request_received', 'seeded ' || i, null, 1,
          '/friends?tab=requests', '{}'::jsonb, true,
          timestamptz '2026-01-01 00:00:00' + (i / 4) * interval '1 microsecond',
          timestamptz '2026-01-01 00:00:00' + (i / 4) * interval '1 microsecond'
        from generate_series(1, 45) as i
        returning id)
      insert into notification_actors (notification_id, actor_id, position)
      select id, ${reader.id}::uuid, 1 from seeded`.execute(db());

    const seen: Notification[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await notificationsOf(reader, cursor);
      sizes.push(page.notifications.length);
      seen.push(...page.notifications);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((n) => n.id)).size).toBe(45);
    const { rows } = await sql<{ id: string }>`
      select id from notifications where user_id = ${reader.id}
      order by updated_at desc, id desc`.execute(db());
    expect(seen.map((n) => n.id)).toEqual(rows.map((r) => r.id));
  });

  it('refuses a cursor it did not make', async () => {
    const reader = await member('reader');
    for (const cursor of ['garbage', Buffer.from('{"t":"1"}').toString('base64url')]) {
      const res = await as(stack.server, reader)
        .get('/notifications')
        .query({ cursor })
        .expect(400);
      expect(res.body.error.message).toBe('Invalid cursor');
    }
  });
});

describe('pruning', () => {
  it(`keeps the newest ${MAX_NOTIFICATIONS_PER_MEMBER} notifications of a member`, async () => {
    const [busy, sender] = await Promise.all([member('busy'), member('sender')]);
    await sql`
      with seeded as (
        insert into notifications (id, user_id, type, group_key, source_key, message,
          actor_count, action_url, action_data, read, created_at, updated_at)
        select gen_random_uuid(), ${busy.id}::uuid, 'friend_request_received',
          'friend_request_received', 'seeded ' || i, null, 1,
          '/friends?tab=requests', '{}'::jsonb, true,
          timestamptz '2026-01-01' + i * interval '1 second',
          timestamptz '2026-01-01' + i * interval '1 second'
        from generate_series(1, ${MAX_NOTIFICATIONS_PER_MEMBER}) as i
        returning id)
      insert into notification_actors (notification_id, actor_id, position)
      select id, ${sender.id}::uuid, 1 from seeded`.execute(db());

    await sendRequest(db(), sender.id, busy.id);

    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from notifications where user_id = ${busy.id}`.execute(db());
    expect(rows[0]!.count).toBe(MAX_NOTIFICATIONS_PER_MEMBER);
    const first = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', busy.id)
      .where('source_key', '=', 'seeded 1')
      .executeTakeFirst();
    expect(first).toBeUndefined();
    expect((await notificationsOf(busy)).notifications[0]!.read).toBe(false);
  });
});

describe('preferences', () => {
  it('answers the defaults until set, and stores a change once', async () => {
    const ana = await member('ana');
    await as(stack.server, ana)
      .get('/me/notification-preferences')
      .expect(200, DEFAULT_NOTIFICATION_PREFERENCES);

    const preferences = withEmail('friend_request_accepted', { inApp: true, email: false });
    const before = await countEvents(db());
    await setPreferences(ana, preferences);
    expect(await countEvents(db())).toBe(before + 1);
    await setPreferences(ana, preferences);
    expect(await countEvents(db())).toBe(before + 1);
    await as(stack.server, ana).get('/me/notification-preferences').expect(200, preferences);
  });

  it('creates no notification when the in-app preference is off', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    await setPreferences(bo, withEmail('friend_request_received', { inApp: false, email: true }));
    await sendRequest(db(), ana.id, bo.id);
    expect((await notificationsOf(bo)).notifications).toEqual([]);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 0, friendRequests: 1 });
  });

  it('queues the Friend Request email only while the email preference is on', async () => {
    const [sender, recipient] = await Promise.all([member('sender'), member('recipient')]);
    const queue = async () => {
      const context = await runRead(
        db(),
        notificationEmailRead(
          memberRef(recipient.id),
          memberRef(sender.id),
          'friend_request_received',
          'Friend Request',
        ),
      );
      await runStatements(
        db(),
        notificationEmail(context, {
          actorId: sender.id,
          actorVariable: 'senderName',
          publicUrl: 'https://agora.example',
        }),
      );
    };
    const outbox = () =>
      db()
        .selectFrom('email_outbox')
        .selectAll()
        .where('recipient', '=', recipient.email)
        .where('template', '!=', 'Email Verification')
        .execute();

    await queue();
    const [email] = await outbox();
    const profileUrl = `https://agora.example/profile/${sender.id}`;
    expect(email).toMatchObject({
      template: 'Friend Request',
      subject: `${sender.username} sent you a friend request on Agora`,
      data: { senderName: sender.username, profileUrl },
      status: 'pending',
    });
    expect(email!.html_body).toContain(`href="${profileUrl}"`);
    expect(email!.text_body).toContain(profileUrl);

    await setPreferences(
      recipient,
      withEmail('friend_request_received', { inApp: true, email: false }),
    );
    await queue();
    expect(await outbox()).toHaveLength(1);
  });

  it('queues the Friend Request Accepted email under its own preference', async () => {
    const [sender, accepter] = await Promise.all([member('sender'), member('accepter')]);
    const queue = async () => {
      const context = await runRead(
        db(),
        notificationEmailRead(
          memberRef(sender.id),
          memberRef(accepter.id),
          'friend_request_accepted',
          'Friend Request Accepted',
        ),
      );
      await runStatements(
        db(),
        notificationEmail(context, {
          actorId: accepter.id,
          actorVariable: 'accepterName',
          publicUrl: 'https://agora.example',
        }),
      );
    };
    const outbox = () =>
      db()
        .selectFrom('email_outbox')
        .selectAll()
        .where('recipient', '=', sender.email)
        .where('template', '!=', 'Email Verification')
        .execute();

    await setPreferences(
      sender,
      withEmail('friend_request_received', { inApp: true, email: false }),
    );
    await queue();
    expect(await outbox()).toEqual([
      expect.objectContaining({
        template: 'Friend Request Accepted',
        data: {
          accepterName: accepter.username,
          profileUrl: `https://agora.example/profile/${accepter.id}`,
        },
      }),
    ]);

    await setPreferences(
      sender,
      withEmail('friend_request_accepted', { inApp: true, email: false }),
    );
    await queue();
    expect(await outbox()).toHaveLength(1);
  });
});

describe('refusals change nothing', () => {
  const preferencesShape = fc.record(
    {
      friend_request_received: fc.anything(),
      friend_request_accepted: fc.anything(),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );

  it('answers 4xx to random ids and preference bodies, with no new events', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    await sendRequest(db(), ana.id, bo.id);
    const before = await countEvents(db());

    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.uuid()), async (id) => {
        const res = await as(stack.server, ana).post(
          `/notifications/${encodeURIComponent(id)}/read`,
        );
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );

    await fc.assert(
      fc.asyncProperty(fc.oneof(preferencesShape, fc.jsonValue()), async (body) => {
        const json = JSON.stringify(body) ?? 'null';
        fc.pre(!notificationPreferencesSchema.safeParse(JSON.parse(json)).success);
        const res = await api()
          .put('/api/me/notification-preferences')
          .set('cookie', ana.cookie)
          .set('content-type', 'application/json')
          .send(json);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );

    expect(await countEvents(db())).toBe(before);
  });
});
