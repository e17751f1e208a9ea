import { sql } from 'kysely';
import type { Privacy } from '../../shared/social';
import type { Conversation, FriendRequest, Person, SearchResult } from '../../shared/social';
import {
  member as ref,
  privacyAllowsMessages,
  profileDetailsVisible,
  check,
  findableBy,
} from '../../server/domains/relations/relations-policy';
import {
  as,
  befriend,
  countEvents,
  signUp,
  startConversation,
  type TestMember,
} from '../support/factories';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;

const LEVELS: Privacy[] = ['public', 'friendsOnly', 'private'];
const SEEN_AT = '2026-01-02T03:04:05.000Z';

/** One member per privacy setting, each a friend of `friend` and a stranger to `stranger`. */
const owners = {} as Record<Privacy, TestMember>;
let friend: TestMember;
let stranger: TestMember;
/** A friend of every owner and of `stranger`: owners are the stranger's friends of friends. */
let bridge: TestMember;

const forbiddenBody = {
  error: {
    code: 'private-profile',
    message: 'This member only accepts messages from friends. Send them a friend request first.',
  },
};

beforeAll(async () => {
  // The first account is the owner of the site; it takes no part in the rules.
  await signUp(stack.server, 'privacy_site_owner');
  friend = await signUp(stack.server, 'privacy_friend');
  stranger = await signUp(stack.server, 'privacy_stranger');
  bridge = await signUp(stack.server, 'privacy_bridge');
  await befriend(stack.server, stranger, bridge);
  for (const level of LEVELS) {
    const owner = await signUp(stack.server, `hidden_${level.toLowerCase()}`);
    await befriend(stack.server, friend, owner);
    await befriend(stack.server, bridge, owner);
    await as(stack.server, owner).put('/me/privacy', { privacy: level }).expect(200);
    owners[level] = owner;
  }
  // Everyone was seen once: last seen is a detail the rules may hide.
  await sql`insert into last_seen (user_id, last_seen_at)
    select id, ${SEEN_AT}::timestamptz from users`.execute(db());
});

const byName = (level: Privacy) => `/users?q=${owners[level].username}`;

describe('search visibility', () => {
  const findable: Record<Privacy, { friend: boolean; stranger: boolean }> = {
    public: { friend: true, stranger: true },
    friendsOnly: { friend: true, stranger: true },
    private: { friend: true, stranger: false },
  };

  for (const level of LEVELS) {
    for (const who of ['friend', 'stranger'] as const) {
      const expected = findable[level][who];
      it(`a ${level} member is ${expected ? '' : 'not '}found by a ${who}`, async () => {
        const viewer = who === 'friend' ? friend : stranger;
        const owner = owners[level];
        const byUsername = await as(stack.server, viewer).get(byName(level)).expect(200);
        expect((byUsername.body as Person[]).some((p) => p.id === owner.id)).toBe(expected);
        const byEmail = await as(stack.server, viewer)
          .get(`/users?email=${encodeURIComponent(owner.email)}`)
          .expect(200);
        expect((byEmail.body as Person[]).map((p) => p.id)).toEqual(expected ? [owner.id] : []);
        const search = await as(stack.server, viewer)
          .get(`/friends/search?q=${owner.username}`)
          .expect(200);
        expect((search.body as SearchResult[]).some((r) => r.id === owner.id)).toBe(expected);
        expect(await check(db(), findableBy(ref(owner.id), ref(viewer.id)))).toBe(expected);
      });
    }
  }

  it('suggests friends of friends to a stranger unless they are private', async () => {
    const res = await as(stack.server, stranger).get('/friends/suggestions').expect(200);
    const suggested = (res.body as SearchResult[]).map((r) => r.id);
    expect(suggested).toEqual(expect.arrayContaining([owners.public.id, owners.friendsOnly.id]));
    expect(suggested).not.toContain(owners.private.id);
  });
});

describe('details beyond name and avatar', () => {
  const hidden = (owner: TestMember, privacy: Privacy): Person => ({
    id: owner.id,
    username: owner.username,
    displayName: owner.username,
    avatar: null,
    status: 'offline',
    lastSeen: null,
    privacy,
  });

  it('shows a public member’s details to a stranger', async () => {
    const res = await as(stack.server, stranger).get(byName('public')).expect(200);
    expect((res.body as Person[])[0]).toMatchObject({ id: owners.public.id, lastSeen: SEEN_AT });
    expect(await check(db(), profileDetailsVisible(ref(owners.public.id), ref(stranger.id)))).toBe(
      true,
    );
  });

  it('hides a friendsOnly member’s details from a stranger, in search', async () => {
    const res = await as(stack.server, stranger).get(byName('friendsOnly')).expect(200);
    expect((res.body as Person[])[0]).toEqual(hidden(owners.friendsOnly, 'friendsOnly'));
  });

  it('hides a private member’s details from a stranger who asked to be their friend', async () => {
    // Friend requests stay open: they are how a stranger becomes a friend.
    const res = await as(stack.server, stranger)
      .post('/friends/requests', { toUserId: owners.private.id })
      .expect(201);
    expect((res.body as FriendRequest).toUser).toEqual(hidden(owners.private, 'private'));
  });

  it('shows every member’s details to a friend', async () => {
    for (const level of LEVELS) {
      const res = await as(stack.server, friend).get('/friends').expect(200);
      const found = (res.body as { user: Person }[]).find((f) => f.user.id === owners[level].id);
      expect(found?.user).toMatchObject({ lastSeen: SEEN_AT, privacy: level });
      expect(await check(db(), profileDetailsVisible(ref(owners[level].id), ref(friend.id)))).toBe(
        true,
      );
    }
  });

  it('always shows the owner their own details, whatever the setting', async () => {
    const someone = await signUp(stack.server, 'privacy_someone');
    for (const level of LEVELS) {
      const owner = owners[level];
      // A request the owner sent shows them as they see themselves.
      const res = await as(stack.server, owner)
        .post('/friends/requests', { toUserId: someone.id })
        .expect(201);
      expect((res.body as FriendRequest).fromUser).toMatchObject({
        id: owner.id,
        lastSeen: SEEN_AT,
        privacy: level,
      });
      expect(await check(db(), profileDetailsVisible(ref(owner.id), ref(owner.id)))).toBe(true);
    }
  });
});

describe('starting a conversation and writing in it', () => {
  it('lets a stranger start a conversation with a public member', async () => {
    const res = await as(stack.server, stranger)
      .post('/conversations', { participantId: owners.public.id })
      .expect(201);
    await as(stack.server, stranger)
      .post(`/conversations/${(res.body as Conversation).id}/messages`, { content: 'Hi' })
      .expect(201);
  });

  for (const level of ['friendsOnly', 'private'] as const) {
    it(`refuses a stranger a conversation with a ${level} member, writing nothing`, async () => {
      const before = await countEvents(db());
      const res = await as(stack.server, stranger)
        .post('/conversations', { participantId: owners[level].id })
        .expect(403);
      expect(res.body).toEqual(forbiddenBody);
      expect(await countEvents(db())).toBe(before);
    });

    it(`lets a friend start a conversation with a ${level} member and write`, async () => {
      const conversation = await startConversation(stack.server, friend, owners[level]);
      await as(stack.server, friend)
        .post(`/conversations/${conversation.id}/messages`, { content: 'Hello, friend' })
        .expect(201);
    });
  }

  it('stops a former friend writing to a private member, keeping the history readable', async () => {
    const owner = await signUp(stack.server, 'hidden_formerly');
    const former = await signUp(stack.server, 'privacy_former');
    await befriend(stack.server, former, owner);
    await as(stack.server, owner).put('/me/privacy', { privacy: 'private' }).expect(200);
    const conversation = await startConversation(stack.server, former, owner);
    await as(stack.server, former)
      .post(`/conversations/${conversation.id}/messages`, { content: 'Before' })
      .expect(201);

    await as(stack.server, owner).delete(`/friends/${former.id}`).expect(204);

    const before = await countEvents(db());
    const refused = await as(stack.server, former)
      .post(`/conversations/${conversation.id}/messages`, { content: 'After' })
      .expect(403);
    expect(refused.body).toEqual(forbiddenBody);
    expect(await countEvents(db())).toBe(before);
    // Opening it again finds it, and its history stays: only new messages are refused.
    await as(stack.server, former).post('/conversations', { participantId: owner.id }).expect(200);
    const page = await as(stack.server, former)
      .get(`/conversations/${conversation.id}/messages`)
      .expect(200);
    expect(
      (page.body as { messages: { content: string }[] }).messages.map((m) => m.content),
    ).toEqual(['Before']);
    // The rule guards the private member, not the other way round: they may still write.
    await as(stack.server, owner)
      .post(`/conversations/${conversation.id}/messages`, { content: 'Goodbye' })
      .expect(201);
  });

  it('closes a conversation to a stranger when the member turns friendsOnly', async () => {
    const owner = await signUp(stack.server, 'hidden_later');
    const conversation = await startConversation(stack.server, stranger, owner);
    await as(stack.server, owner).put('/me/privacy', { privacy: 'friendsOnly' }).expect(200);
    const res = await as(stack.server, stranger)
      .post(`/conversations/${conversation.id}/messages`, { content: 'Still there?' })
      .expect(403);
    expect(res.body).toEqual(forbiddenBody);
    expect(await check(db(), privacyAllowsMessages(ref(owner.id), ref(stranger.id)))).toBe(false);
  });

  it('keeps a block refused as blocked, before privacy', async () => {
    const owner = await signUp(stack.server, 'hidden_blocker');
    await as(stack.server, owner).put('/me/privacy', { privacy: 'private' }).expect(200);
    await as(stack.server, owner).post('/friends/blocks', { userId: stranger.id }).expect(201);
    const start = await as(stack.server, stranger)
      .post('/conversations', { participantId: owner.id })
      .expect(403);
    expect((start.body as { error: { code: string } }).error.code).toBe('blocked');
    const ask = await as(stack.server, stranger)
      .post('/friends/requests', { toUserId: owner.id })
      .expect(403);
    expect((ask.body as { error: { code: string } }).error.code).toBe('blocked');
  });
});

describe('why a member may not be messaged', () => {
  type Refusal = { code: string; message: string };
  const profileRefusal = async (viewer: TestMember, owner: TestMember) =>
    (await as(stack.server, viewer).get(`/users/${owner.id}`).expect(200)).body as {
      canMessage: boolean;
      messageRefusal: Refusal | null;
    };
  const errorOf = (res: { body: unknown }) => (res.body as { error: Refusal }).error;

  it('gives the profile the refusal that starting a conversation answers', async () => {
    const dmOff = await signUp(stack.server, 'privacy_dm_off');
    await as(stack.server, dmOff)
      .put('/me/profile-card-settings', { allowDirectMessages: false })
      .expect(200);
    for (const owner of [owners.friendsOnly, owners.private, dmOff]) {
      const refused = await as(stack.server, stranger)
        .post('/conversations', { participantId: owner.id })
        .expect(403);
      const seen = await profileRefusal(stranger, owner);
      expect(seen.canMessage).toBe(false);
      expect(seen.messageRefusal).toEqual(errorOf(refused));
    }
    expect(await profileRefusal(stranger, owners.public)).toMatchObject({
      canMessage: true,
      messageRefusal: null,
    });
  });

  it('gives the profile the refusal that writing answers, for a friend without write', async () => {
    const owner = await signUp(stack.server, 'privacy_no_write');
    const reader = await signUp(stack.server, 'privacy_reader');
    await befriend(stack.server, reader, owner);
    const conversation = await startConversation(stack.server, reader, owner);
    await as(stack.server, owner)
      .put(`/friends/${reader.id}/permissions`, { permissions: ['read'] })
      .expect(200);
    const refused = await as(stack.server, reader)
      .post(`/conversations/${conversation.id}/messages`, { content: 'Hi' })
      .expect(403);
    expect((await profileRefusal(reader, owner)).messageRefusal).toEqual(errorOf(refused));
    expect(await profileRefusal(friend, owners.private)).toMatchObject({
      canMessage: true,
      messageRefusal: null,
    });
  });
});
