import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import {
  DEFAULT_PROFILE_CARD_SETTINGS,
  profileLiveEvents,
  profileMessages,
  type Engagement,
  type FollowsPage,
  type Profile,
  type ProfileStatsPayload,
} from '../../shared/profiles';
import type { UploadResult } from '../../shared/media';
import { originalPath } from '../../server/domains/media/file-keys';
import { mediaServices } from '../../server/domains/media/media-services';
import { profileViews } from '../../server/domains/profiles/profile-views';
import { eventually } from '../support/eventually';
import {
  as,
  befriend,
  countEvents,
  signUpMembers,
  snapshotReadModels,
  streamEvents,
  type TestMember,
} from '../support/factories';
import { png, uploadAs } from '../support/media-fixtures';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase({ env: { POST_VIEWS_FLUSH_MS: '3600000' } });
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

/** The first account of the database: the owner. */
let owner: TestMember;
beforeAll(async () => {
  [owner] = await signUpMembers(stack.server, 1);
  expect(owner.role).toBe('owner');
});

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const profileOf = async (viewer: TestMember, member: { id: string }) =>
  (await api(viewer).get(`/users/${member.id}`).expect(200)).body as Profile;

const setPrivacy = (member: TestMember, privacy: string) =>
  api(member).put('/me/privacy', { privacy }).expect(200);

const FULL_EDIT = {
  displayName: 'Ana Lima',
  bio: 'Builds things',
  jobTitle: 'Engineer',
  company: 'Agora',
  location: 'Lisbon',
  phone: '+351 123 456',
  website: 'https://ana.example',
  birthDate: '1990-04-02',
  skills: ['TypeScript', 'SQL'],
  interests: ['Climbing'],
  languages: ['Portuguese'],
  certifications: [],
  experience: [],
  education: [],
  socialLinks: [],
};

describe('a profile', () => {
  it('starts with the new-profile defaults and is answered to its member whole', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const profile = await profileOf(ana, ana);
    expect(profile).toMatchObject({
      id: ana.id,
      username: ana.username,
      displayName: ana.username,
      email: ana.email,
      bio: '',
      skills: [],
      isSelf: true,
      contactVisible: true,
      detailsVisible: true,
      profileCardSettings: DEFAULT_PROFILE_CARD_SETTINGS,
      stats: { posts: 0, followers: 0, following: 0, likes: 0, views: 0 },
    });
  });

  it('is edited by its member, only the changed fields in the event, nothing for no change', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const edited = (await api(ana).patch(`/users/${ana.id}`, FULL_EDIT).expect(200))
      .body as Profile;
    expect(edited).toMatchObject({ ...FULL_EDIT, isSelf: true });
    const row = await db()
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.display_name).toBe('Ana Lima');

    await api(ana).patch(`/users/${ana.id}`, { bio: 'Builds things', company: 'Elsewhere' });
    const events = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user-${ana.id}`)
      .where('type', '=', 'ProfileEdited')
      .orderBy('stream_version')
      .execute();
    expect(events.at(-1)!.data).toEqual({
      userId: ana.id,
      changes: { company: 'Elsewhere' },
      byUserId: ana.id,
    });
    const before = await countEvents(db());
    await api(ana).patch(`/users/${ana.id}`, { company: 'Elsewhere' }).expect(200);
    expect(await countEvents(db())).toBe(before);
  });

  it('refuses strangers, bad input, bad ids and unknown members, writing nothing', async () => {
    const [ana, stranger] = await signUpMembers(stack.server, 2);
    const before = await countEvents(db());
    const refused = await api(stranger).patch(`/users/${ana.id}`, { bio: 'Hacked' }).expect(403);
    expect(refused.body.error.message).toBe(profileMessages.selfOrOwnerOnly);
    await api(ana).patch(`/users/${ana.id}`, {}).expect(400);
    await api(ana).patch(`/users/${ana.id}`, { displayName: '  ' }).expect(400);
    await api(ana).patch(`/users/${ana.id}`, { website: 'javascript:alert(1)' }).expect(400);
    await api(ana).patch(`/users/${ana.id}`, { email: 'x@example.com' }).expect(400);
    await api(ana)
      .patch(`/users/${ana.id}`, { skills: Array(51).fill('x') })
      .expect(400);
    const badId = await api(ana).get('/users/not-a-uuid').expect(400);
    expect(JSON.stringify(badId.body)).toContain(profileMessages.invalidId);
    const missing = await api(ana).get(`/users/${crypto.randomUUID()}`).expect(404);
    expect(missing.body.error.message).toBe(profileMessages.userNotFound);
    expect(await countEvents(db())).toBe(before);

    await api(owner).patch(`/users/${ana.id}`, { bio: 'Set by an owner' }).expect(200);
    expect((await profileOf(ana, ana)).bio).toBe('Set by an owner');
  });
});

describe('privacy of a profile', () => {
  it('hides the contact block and details as privacy and each card switch say', async () => {
    const [ana, stranger, friend] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    await api(ana).patch(`/users/${ana.id}`, FULL_EDIT).expect(200);

    // Public with the defaults: location and last seen on, the rest of the contact block off.
    const publicView = await profileOf(stranger, ana);
    expect(publicView).toMatchObject({
      contactVisible: true,
      detailsVisible: true,
      email: null,
      phone: null,
      birthDate: null,
      location: 'Lisbon',
      bio: 'Builds things',
      profileCardSettings: null,
      isSelf: false,
    });
    for (const [key, field, value] of [
      ['showEmail', 'email', ana.email],
      ['showPhone', 'phone', FULL_EDIT.phone],
      ['showBirthDate', 'birthDate', FULL_EDIT.birthDate],
    ] as const) {
      await api(ana)
        .put('/me/profile-card-settings', { [key]: true })
        .expect(200);
      expect((await profileOf(stranger, ana))[field]).toBe(value);
    }
    await api(ana).put('/me/profile-card-settings', { showLocation: false }).expect(200);
    expect((await profileOf(stranger, ana)).location).toBeNull();

    for (const privacy of ['friendsOnly', 'private']) {
      await setPrivacy(ana, privacy);
      const seen = await profileOf(stranger, ana);
      expect(seen).toMatchObject({
        contactVisible: false,
        detailsVisible: false,
        email: null,
        phone: null,
        location: null,
        birthDate: null,
        lastSeen: null,
        bio: '',
        jobTitle: '',
        company: '',
        website: '',
        skills: [],
        interests: [],
        languages: [],
        canMessage: false,
      });
      // The answer carries nothing hidden, anywhere.
      const raw = JSON.stringify(seen);
      for (const secret of [ana.email, FULL_EDIT.phone, 'Builds things', 'TypeScript']) {
        expect(raw).not.toContain(secret);
      }
      // A friend sees the details, but the contact block is for public profiles only.
      expect(await profileOf(friend, ana)).toMatchObject({
        detailsVisible: true,
        contactVisible: false,
        bio: 'Builds things',
        email: null,
      });
    }
    // The member sees everything of their own.
    expect(await profileOf(ana, ana)).toMatchObject({ email: ana.email, phone: FULL_EDIT.phone });
  });

  it('refuses messages and friend requests when the switches are off', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await api(ana)
      .put('/me/profile-card-settings', { allowDirectMessages: false, allowFriendRequests: false })
      .expect(200);
    expect((await profileOf(ben, ana)).canMessage).toBe(false);
    const before = await countEvents(db());
    const message = await api(ben).post('/conversations', { participantId: ana.id }).expect(403);
    expect(message.body.error.message).toBe(profileMessages.directMessagesOff);
    const request = await api(ben).post('/friends/requests', { toUserId: ana.id }).expect(403);
    expect(request.body.error.message).toBe(profileMessages.friendRequestsOff);
    expect(await countEvents(db())).toBe(before);

    await api(ana).put('/me/profile-card-settings', { allowDirectMessages: true }).expect(200);
    expect((await profileOf(ben, ana)).canMessage).toBe(true);
    await api(ben).post('/conversations', { participantId: ana.id }).expect(201);
  });

  it('answers a member blocked either way as missing, and refuses following across a block', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    // A block ends the follows between the two both ways, and their counts with them.
    await api(ana).post(`/users/${ben.id}/follow`).expect(200);
    await api(ben).post(`/users/${ana.id}/follow`).expect(200);
    expect((await profileOf(ana, ana)).stats).toMatchObject({ followers: 1, following: 1 });
    await api(ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    expect((await profileOf(ana, ana)).stats).toMatchObject({ followers: 0, following: 0 });
    expect((await profileOf(ben, ben)).stats).toMatchObject({ followers: 0, following: 0 });
    expect((await api(ana).get(`/users/${ana.id}/followers`).expect(200)).body).toMatchObject({
      entries: [],
      total: 0,
    });
    await api(ben).get(`/users/${ana.id}`).expect(404);
    const follow = await api(ben).post(`/users/${ana.id}/follow`).expect(403);
    expect(follow.body.error.code).toBe('blocked');
    // An owner reads every profile whole, whatever its privacy.
    await setPrivacy(ana, 'private');
    await api(ana).patch(`/users/${ana.id}`, { bio: 'Private bio' }).expect(200);
    expect(await profileOf(owner, ana)).toMatchObject({
      bio: 'Private bio',
      email: ana.email,
      detailsVisible: true,
      profileCardSettings: DEFAULT_PROFILE_CARD_SETTINGS,
    });
  });
});

describe('follows', () => {
  it('follows and unfollows idempotently, never oneself, and lists both sides', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const self = await api(ana).post(`/users/${ana.id}/follow`).expect(400);
    expect(self.body.error.message).toBe(profileMessages.cannotFollowSelf);

    const first = await api(ben).post(`/users/${ana.id}/follow`).expect(200);
    expect(first.body).toMatchObject({ followedByMe: true, stats: { followers: 1 } });
    const again = await api(ben).post(`/users/${ana.id}/follow`).expect(200);
    expect(again.body).toEqual(first.body);
    await api(cat).post(`/users/${ana.id}/follow`).expect(200);
    expect((await profileOf(ana, ana)).stats.followers).toBe(2);
    expect((await profileOf(ana, ben)).followsMe).toBe(true);
    expect((await profileOf(ben, ben)).stats.following).toBe(1);

    const page1 = (await api(ana).get(`/users/${ana.id}/followers?limit=1`).expect(200))
      .body as FollowsPage;
    expect(page1.total).toBe(2);
    expect(page1.entries.map((e) => e.person.id)).toEqual([cat.id]);
    const page2 = (
      await api(ana)
        .get(`/users/${ana.id}/followers?limit=1&cursor=${page1.nextCursor}`)
        .expect(200)
    ).body as FollowsPage;
    expect(page2.entries.map((e) => e.person.id)).toEqual([ben.id]);
    expect(page2.nextCursor).toBeNull();
    const following = (await api(ana).get(`/users/${ben.id}/following`).expect(200))
      .body as FollowsPage;
    expect(following.entries.map((e) => e.person.id)).toEqual([ana.id]);
    await api(ana).get(`/users/${ana.id}/followers?cursor=nonsense`).expect(400);
    await api(ana).get(`/users/${ana.id}/followers?limit=101`).expect(400);

    const gone = await api(ben).delete(`/users/${ana.id}/follow`).expect(200);
    expect(gone.body).toMatchObject({ followedByMe: false, stats: { followers: 1 } });
    const before = await countEvents(db());
    await api(ben).delete(`/users/${ana.id}/follow`).expect(200);
    expect(await countEvents(db())).toBe(before);
  });

  it('keeps the lists and engagement of a private profile to friends', async () => {
    const [ana, stranger] = await signUpMembers(stack.server, 2);
    await setPrivacy(ana, 'private');
    await api(stranger).get(`/users/${ana.id}/followers`).expect(403);
    await api(stranger).get(`/users/${ana.id}/engagement`).expect(403);
    await api(ana).get(`/users/${ana.id}/engagement`).expect(200);
  });

  it('pushes the new follower count live to whoever watches the profile', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const socket = await connectAs(stack.server, ana);
    sockets.push(socket);
    const ack = (await socket
      .timeout(5000)
      .emitWithAck(profileLiveEvents.watch, { userIds: [ana.id] })) as { watching: string[] };
    expect(ack.watching).toEqual([ana.id]);
    const before = (await profileOf(ana, ana)).version;
    const pushed = waitForEvent<ProfileStatsPayload>(
      socket,
      profileLiveEvents.stats,
      (p) => p.userId === ana.id && p.stats.followers === 1,
    );
    await api(ben).post(`/users/${ana.id}/follow`).expect(200);
    const payload = await pushed;
    expect(payload.version).toBeGreaterThan(before);
    expect(payload.version).toBe((await profileOf(ana, ana)).version);

    const changed = waitForEvent<{ userId: string; version: number }>(
      socket,
      profileLiveEvents.changed,
      (p) => p.userId === ana.id,
    );
    await api(ana).patch(`/users/${ana.id}`, { bio: 'Live' }).expect(200);
    expect((await changed).version).toBe((await profileOf(ana, ana)).version);

    const invalid = (await socket
      .timeout(5000)
      .emitWithAck(profileLiveEvents.watch, { userIds: ['nope'] })) as { error?: string };
    expect(invalid.error).toBeDefined();
  });

  it('tells a socket that begins to follow a profile the version it stands at, before the answer', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    // Ben's screen has read the profile; Cat follows Ana before Ben's socket follows it.
    const read = await profileOf(ben, ana);
    await api(cat).post(`/users/${ana.id}/follow`).expect(200);
    const socket = await connectAs(stack.server, ben);
    sockets.push(socket);
    const received: { userId: string; version: number }[] = [];
    socket.on(profileLiveEvents.changed, (p: { userId: string; version: number }) =>
      received.push(p),
    );
    await socket.timeout(5000).emitWithAck(profileLiveEvents.watch, { userIds: [ana.id] });
    const now = await profileOf(ben, ana);
    expect(now.stats.followers).toBe(1);
    expect(now.version).toBeGreaterThan(read.version);
    expect(received).toEqual([{ userId: ana.id, version: now.version }]);
  });
});

describe('the counts a viewer is shown', () => {
  const publish = async (author: TestMember, visibility: string) =>
    (
      await api(author)
        .post('/posts', { title: 'A post', content: 'Some words', status: 'published', visibility })
        .expect(201)
    ).body as { id: string };
  const listed = async (viewer: TestMember, author: TestMember) =>
    (await api(viewer).get(`/users/${author.id}/posts`).expect(200)).body as { total: number };

  it('counts only the posts and likes the viewer may see, as the list under them does', async () => {
    const [ana, friend, stranger, fan] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    const open = await publish(ana, 'public');
    const friendsOnly = await publish(ana, 'friendsOnly');
    await publish(ana, 'private');
    await api(fan).post(`/posts/${open.id}/like`).expect(200);
    await api(friend).post(`/posts/${friendsOnly.id}/like`).expect(200);
    await api(friend).post(`/posts/${open.id}/like`).expect(200);

    const seenBy = async (viewer: TestMember) => (await profileOf(viewer, ana)).stats;
    expect(await seenBy(stranger)).toMatchObject({ posts: 1, likes: 2 });
    expect((await listed(stranger, ana)).total).toBe(1);
    expect(await seenBy(friend)).toMatchObject({ posts: 2, likes: 3 });
    expect((await listed(friend, ana)).total).toBe(2);
    expect(await seenBy(ana)).toMatchObject({ posts: 3, likes: 3 });
    // Following answers the followee's counts as the follower may see them.
    const followed = await api(stranger).post(`/users/${ana.id}/follow`).expect(200);
    expect(followed.body.stats).toMatchObject({ posts: 1, likes: 2, followers: 1 });
  });

  it('leaves out of the follow counts whom the viewer may not see, and all of them when the lists are hidden', async () => {
    const [ana, friend, stranger, blocked] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    for (const follower of [friend, stranger, blocked]) {
      await api(follower).post(`/users/${ana.id}/follow`).expect(200);
    }
    await api(stranger).post('/friends/blocks', { userId: blocked.id }).expect(201);
    expect((await profileOf(stranger, ana)).stats.followers).toBe(2);
    const page = (await api(stranger).get(`/users/${ana.id}/followers`).expect(200))
      .body as FollowsPage;
    expect(page.total).toBe(2);
    expect(page.entries).toHaveLength(2);
    expect((await profileOf(friend, ana)).stats.followers).toBe(3);

    await setPrivacy(ana, 'private');
    // The lists are the friends' alone now: their counts are too.
    expect((await profileOf(stranger, ana)).stats).toMatchObject({ followers: 0, following: 0 });
    expect((await profileOf(friend, ana)).stats.followers).toBe(3);
  });

  it('pushes each watcher the counts they may see, and a new friend what they now see', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    await publish(ana, 'public');
    const watcher = async (member: TestMember) => {
      const socket = await connectAs(stack.server, member);
      sockets.push(socket);
      const received: ProfileStatsPayload[] = [];
      socket.on(profileLiveEvents.stats, (p: ProfileStatsPayload) => received.push(p));
      await socket.timeout(5000).emitWithAck(profileLiveEvents.watch, { userIds: [ana.id] });
      return { socket, received };
    };
    const [friends, strangers] = await Promise.all([watcher(friend), watcher(stranger)]);

    const pushedToFriend = waitForEvent<ProfileStatsPayload>(
      friends.socket,
      profileLiveEvents.stats,
      (p) => p.stats.posts === 2,
    );
    const hidden = await publish(ana, 'friendsOnly');
    await pushedToFriend;
    const likedForFriend = waitForEvent<ProfileStatsPayload>(
      friends.socket,
      profileLiveEvents.stats,
      (p) => p.stats.likes === 1,
    );
    await api(friend).post(`/posts/${hidden.id}/like`).expect(200);
    await likedForFriend;
    // The stranger was told nothing of the friends-only post, nor of its like.
    expect(strangers.received.every((p) => p.stats.posts === 1 && p.stats.likes === 0)).toBe(true);
    expect((await profileOf(stranger, ana)).stats).toMatchObject({ posts: 1, likes: 0 });

    // Made a friend, the stranger is told the profile changed for them, with a newer version.
    const held = (await profileOf(stranger, ana)).version;
    const changed = waitForEvent<{ userId: string; version: number }>(
      strangers.socket,
      profileLiveEvents.changed,
      (p) => p.userId === ana.id,
    );
    await befriend(stack.server, stranger, ana);
    const { version } = await changed;
    expect(version).toBeGreaterThan(held);
    const now = await profileOf(stranger, ana);
    expect(now).toMatchObject({ version, stats: { posts: 2, likes: 1 } });
  });
});

describe('avatar and banner', () => {
  const upload = async (member: TestMember, width: number, height: number) =>
    (
      (
        await uploadAs(stack.server, member, {
          buffer: await png(width, height),
          filename: 'photo.png',
          contentType: 'image/png',
        }).expect(201)
      ).body as UploadResult
    ).file;

  const sizeOfStored = async (key: string) => {
    const { storage } = mediaServices(stack.server.application.deps);
    const stream = await storage.read(originalPath(key));
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    return { width: meta.width, height: meta.height };
  };

  const keyOfUrl = (url: string) => url.split('/').pop()!.split('?')[0]!;

  it('crops the avatar to 256x256 and the banner to 1200x400 as new public files', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const source = await upload(ana, 800, 600);
    const withAvatar = (
      await api(ana)
        .put('/me/avatar', { fileId: source.id, crop: { x: 100, y: 50, width: 400, height: 400 } })
        .expect(200)
    ).body as Profile;
    expect(withAvatar.avatar).toBeTruthy();
    expect(await sizeOfStored(keyOfUrl(withAvatar.avatar!))).toEqual({ width: 256, height: 256 });

    const withBanner = (await api(ana).put('/me/banner', { fileId: source.id }).expect(200))
      .body as Profile;
    expect(await sizeOfStored(keyOfUrl(withBanner.banner!))).toEqual({ width: 1200, height: 400 });

    const cleared = (await api(ana).put('/me/avatar', { fileId: null }).expect(200))
      .body as Profile;
    expect(cleared.avatar).toBeNull();
  });

  it("refuses another member's file, a missing one and a crop outside the image", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const bens = await upload(ben, 300, 300);
    const anas = await upload(ana, 300, 300);
    const before = await countEvents(db());
    await api(ana).put('/me/avatar', { fileId: bens.id }).expect(400);
    await api(ana).put('/me/avatar', { fileId: crypto.randomUUID() }).expect(400);
    await api(ana)
      .put('/me/avatar', { fileId: anas.id, crop: { x: 200, y: 0, width: 200, height: 200 } })
      .expect(400);
    await api(ana).put('/me/avatar', { fileId: 'nope' }).expect(400);
    expect(await countEvents(db())).toBe(before);
  });
});

describe('views and engagement', () => {
  it("counts each viewer once, never the member's own, in batches", async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    for (const viewer of [ben, ben, cat, ana]) {
      await api(viewer).post(`/users/${ana.id}/view`).expect(204);
    }
    await api(ben).post(`/users/${crypto.randomUUID()}/view`).expect(404);
    expect((await profileOf(ana, ana)).stats.views).toBe(0);
    await profileViews(stack.server.application.deps).flush();
    expect((await profileOf(ana, ana)).stats.views).toBe(2);
    expect(await streamEvents(db(), `profile-views-${ana.id}`)).toEqual([
      { type: 'ProfileViewsCounted', stream_version: 1 },
    ]);
  });

  it('counts posts and likes received into the stats and the daily engagement', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = (
      await api(ana)
        .post('/posts', { title: 'Hello', content: 'Some words', status: 'published' })
        .expect(201)
    ).body as { id: string };
    await api(ana)
      .post('/posts', { title: 'Draft', content: 'Not yet', status: 'draft' })
      .expect(201);
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    await api(ben).post(`/posts/${post.id}/comments`, { content: 'Nice' }).expect(201);
    await api(ben).post(`/users/${ana.id}/follow`).expect(200);

    const stats = await eventually(
      async () => (await profileOf(ana, ana)).stats,
      (s) => s.likes === 1,
    );
    expect(stats).toMatchObject({ posts: 1, likes: 1, followers: 1 });
    const engagement = (await api(ben).get(`/users/${ana.id}/engagement?days=7`).expect(200))
      .body as Engagement;
    expect(engagement.points).toHaveLength(7);
    expect(engagement.points.at(-1)).toMatchObject({
      posts: 1,
      likes: 1,
      comments: 1,
      followers: 1,
    });
    expect(engagement.points.slice(0, -1).every((p) => p.posts === 0)).toBe(true);
    await api(ben).get(`/users/${ana.id}/engagement?days=3`).expect(400);
  });
});

describe('rebuild', () => {
  it('reproduces the profile read models from the log', async () => {
    const tables = [
      'profiles',
      'follows',
      'profile_stats',
      'user_mappings',
      'user_sequences',
      'users',
    ];
    const before = await snapshotReadModels(db(), tables);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});
