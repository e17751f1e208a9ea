import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../shared/events';
import type { BadgeCounter } from '../../shared/badges';
import { countEvents, snapshotReadModels, userRegistered } from '../support/factories';
import { append, rebuild } from '../support/model';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

it('reproduces every read model exactly from a few hundred mixed events', async () => {
  const random = sequence(42);
  const users: { id: string; version: number; disabled: boolean }[] = [];
  const counters: BadgeCounter[] = ['notifications', 'messages', 'friendRequests'];
  let appended = 0;

  while (appended < 400) {
    const roll = random();
    await database.db.transaction().execute(async (trx) => {
      if (users.length < 5 || roll < 0.15) {
        const id = randomUUID();
        await append(trx, `user-${id}`, 0, [
          userRegistered({
            userId: id,
            username: `user_${appended}`,
            email: `user${appended}@example.com`,
            passwordHash: `hash-${appended}`,
            role: users.length === 0 ? 'owner' : 'member',
          }),
        ]);
        users.push({ id, version: 1, disabled: false });
        return;
      }
      const user = users[Math.floor(random() * users.length)]!;
      let events: NewEvent[];
      if (roll < 0.25) {
        events = [
          {
            type: 'PasswordResetRequested',
            data: {
              userId: user.id,
              tokenId: randomUUID(),
              tokenHash: appended.toString(16).padStart(64, '0'),
              expiresAt: new Date(Date.UTC(2030, 0, 1)).toISOString(),
            },
          },
        ];
      } else if (roll < 0.35) {
        events = [
          { type: 'PasswordChanged', data: { userId: user.id, passwordHash: `new-${appended}` } },
        ];
      } else if (roll < 0.4) {
        events = [
          {
            type: user.disabled ? 'UserEnabled' : 'UserDisabled',
            data: { userId: user.id, byUserId: users[0]!.id },
          },
        ];
        user.disabled = !user.disabled;
      } else {
        const counter = counters[Math.floor(random() * counters.length)]!;
        await append(trx, `test-signal-${randomUUID()}`, 0, [
          {
            type: 'TestCounterAdjusted',
            data: { userId: user.id, counter, delta: random() < 0.7 ? 1 : -1 },
          },
        ]);
        return;
      }
      await append(trx, `user-${user.id}`, user.version, events);
      user.version += events.length;
    });
    appended += 1;
  }

  const before = await snapshotReadModels(database.db);
  expect(before.users).toHaveLength(users.length);
  const { events } = await rebuild(database.db);
  expect(events).toBe(400);
  const after = await snapshotReadModels(database.db);
  expect(after).toEqual(before);
});

it('reproduces friends, conversations, notifications and badges from mixed social events', async () => {
  const random = sequence(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const members: string[] = [];
  const versions = new Map<string, number>();
  const pending = new Map<string, { requestId: string; fromUserId: string; toUserId: string }>();
  const friends = new Set<string>();
  const conversations = new Map<
    string,
    { id: string; participants: string[]; messages: string[] }
  >();
  const pairKey = (a: string, b: string) => (a < b ? `${a}-${b}` : `${b}-${a}`);

  async function emit(streamId: string, events: NewEvent[]) {
    const version = versions.get(streamId) ?? 0;
    await database.db.transaction().execute((trx) => append(trx, streamId, version, events));
    versions.set(streamId, version + events.length);
  }

  for (let i = 0; i < 6; i += 1) {
    const id = randomUUID();
    members.push(id);
    await emit(`user-${id}`, [
      userRegistered({
        userId: id,
        username: `social_${i}`,
        email: `social${i}@example.com`,
        passwordHash: `hash-${i}`,
      }),
    ]);
  }

  for (let step = 0; step < 300; step += 1) {
    const roll = random();
    const a = pick(members);
    const b = pick(members.filter((m) => m !== a));
    const pair = pairKey(a, b);
    const friendship = `friendship-${pair}`;
    if (roll < 0.3) {
      const open = pending.get(pair);
      if (!open && !friends.has(pair)) {
        const request = { requestId: randomUUID(), fromUserId: a, toUserId: b };
        const message = random() < 0.5 ? `hello ${step}` : null;
        await emit(friendship, [{ type: 'FriendRequestSent', data: { ...request, message } }]);
        pending.set(pair, request);
      } else if (open) {
        const type = pick([
          'FriendRequestAccepted',
          'FriendRequestRejected',
          'FriendRequestCancelled',
        ] as const);
        await emit(friendship, [{ type, data: open }]);
        pending.delete(pair);
        if (type === 'FriendRequestAccepted') friends.add(pair);
      } else {
        await emit(friendship, [{ type: 'FriendRemoved', data: { userId: a, friendId: b } }]);
        friends.delete(pair);
      }
    } else if (roll < 0.65) {
      let conversation = conversations.get(pair);
      if (!conversation) {
        conversation = { id: randomUUID(), participants: [a, b], messages: [] };
        conversations.set(pair, conversation);
        await emit(`conversation-${conversation.id}`, [
          {
            type: 'ConversationStarted',
            data: { conversationId: conversation.id, startedBy: a, participantIds: [a, b] },
          },
        ]);
      }
      const conversationId = conversation.id;
      const stream = `conversation-${conversationId}`;
      if (conversation.messages.length === 0 || random() < 0.6) {
        const messageId = randomUUID();
        conversation.messages.push(messageId);
        await emit(stream, [
          {
            type: 'MessageSent',
            data: { conversationId, messageId, senderId: a, content: `message ${step}` },
          },
        ]);
        // Some get a link preview card, and some of those lose it again.
        if (step % 4 === 0) {
          const target = { targetKind: 'message' as const, targetId: messageId, authorId: a };
          const url = `https://example.com/${step}`;
          const preview = `link-preview-message-${messageId}`;
          await emit(preview, [
            {
              type: 'LinkPreviewAttached',
              data: {
                ...target,
                containerId: conversationId,
                url,
                title: `Page ${step}`,
                description: 'About it',
                siteName: 'example.com',
                image: null,
              },
            },
          ]);
          if (step % 8 === 0) {
            await emit(preview, [
              {
                type: 'LinkPreviewRemoved',
                data: { ...target, containerId: conversationId, url },
              },
            ]);
          }
        }
      } else {
        const upToMessageId = pick(conversation.messages);
        const type = random() < 0.5 ? 'MessagesRead' : 'MessagesDelivered';
        await emit(stream, [{ type, data: { conversationId, userId: b, upToMessageId } }]);
      }
    } else if (roll < 0.9) {
      const unread = await database.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', a)
        .where('read', '=', false)
        .orderBy('id')
        .execute();
      if (unread.length > 0 && random() < 0.7) {
        const notificationId = pick(unread).id;
        await emit(`notifications-${a}`, [
          { type: 'NotificationRead', data: { userId: a, notificationId } },
        ]);
      } else {
        await emit(`notifications-${a}`, [{ type: 'AllNotificationsRead', data: { userId: a } }]);
      }
    } else {
      const delivery = () => ({ inApp: random() < 0.7, email: random() < 0.5 });
      await emit(`notifications-${a}`, [
        {
          type: 'NotificationPreferencesChanged',
          data: {
            userId: a,
            preferences: {
              friend_request_received: delivery(),
              friend_request_accepted: delivery(),
            },
          },
        },
      ]);
    }
  }

  const before = await snapshotReadModels(database.db);
  expect(before.notifications!.length).toBeGreaterThan(0);
  expect(before.conversation_members!.length).toBeGreaterThan(0);
  const cards = (before.messages as { link_preview: { removed?: true } | null }[])
    .map((row) => row.link_preview)
    .filter((card) => card !== null);
  expect(cards.some((card) => card.removed)).toBe(true);
  expect(cards.some((card) => !card.removed)).toBe(true);
  expect(
    (before.badges as { notifications: number; messages: number }[]).some(
      (row) => row.notifications > 0 || row.messages > 0,
    ),
  ).toBe(true);
  const total = await countEvents(database.db);
  const { events } = await rebuild(database.db);
  expect(events).toBe(total);
  expect(await snapshotReadModels(database.db)).toEqual(before);
});

it('reproduces hashtags, tag follows and the timelines they feed from mixed post and follow events', async () => {
  const random = sequence(22);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const versions = new Map<string, number>();
  async function emit(streamId: string, events: NewEvent[]) {
    const version = versions.get(streamId) ?? 0;
    await database.db.transaction().execute((trx) => append(trx, streamId, version, events));
    versions.set(streamId, version + events.length);
  }
  const members: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const id = randomUUID();
    members.push(id);
    await emit(`user-${id}`, [
      userRegistered({
        userId: id,
        username: `tagger_${i}`,
        email: `tagger${i}@example.com`,
        passwordHash: `hash-${i}`,
      }),
    ]);
  }
  const tags = ['Agora', 'café', 'dev_2026', 'ＦＵＬＬ'];
  const contentOf = () =>
    `Words ${tags
      .filter(() => random() < 0.5)
      .map((t) => `#${t}`)
      .join(' ')} https://x.example/#no`;
  const content = (text: string) => ({
    title: 'A post',
    content: text,
    excerpt: '',
    featuredImage: null,
    location: null,
    visibility: pick(['public', 'public', 'friendsOnly', 'private'] as const),
    categories: [],
    tags: [],
    seoTitle: '',
    seoDescription: '',
    allowComments: true,
    allowSharing: true,
    wordCount: 2,
    readTime: 1,
  });
  const posts: { id: string; authorId: string; number: number }[] = [];
  const following = new Set<string>();
  for (let step = 0; step < 120; step += 1) {
    const roll = random();
    const member = pick(members);
    if (roll < 0.3 || posts.length === 0) {
      const post = { id: randomUUID(), authorId: member, number: posts.length + 1 };
      posts.push(post);
      await emit(`post-${post.id}`, [
        {
          type: 'PostDrafted',
          data: {
            postId: post.id,
            authorId: member,
            number: post.number,
            status: 'draft',
            ...content(contentOf()),
          },
        },
        { type: 'PostPublished', data: { postId: post.id, authorId: member } },
      ]);
    } else if (roll < 0.55) {
      const post = pick(posts);
      await emit(`post-${post.id}`, [
        {
          type: 'PostEdited',
          data: {
            postId: post.id,
            authorId: post.authorId,
            status: 'published',
            ...content(contentOf()),
          },
        },
      ]);
    } else if (roll < 0.6) {
      const post = pick(posts);
      await emit(`post-${post.id}`, [
        {
          type: 'PostTrashed',
          data: { postId: post.id, authorId: post.authorId, actorId: post.authorId },
        },
      ]);
    } else {
      const tag = pick(['agora', 'café', 'dev_2026', 'full']);
      const key = `${member}-${tag}`;
      const followed = following.has(key);
      await emit(`tag-follow-${key}`, [
        { type: followed ? 'TagUnfollowed' : 'TagFollowed', data: { userId: member, tag } },
      ]);
      if (followed) following.delete(key);
      else following.add(key);
    }
  }

  const before = await snapshotReadModels(database.db);
  expect(before.post_hashtags!.length).toBeGreaterThan(10);
  expect(before.tag_follows!.length).toBeGreaterThan(0);
  expect(before.tag_timelines!.length).toBeGreaterThan(0);
  await rebuild(database.db);
  expect(await snapshotReadModels(database.db)).toEqual(before);
});
