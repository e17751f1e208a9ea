import type {
  AuditPage,
  ModerationItem,
  ModerationResult,
  Moderator,
  QueuePage,
} from '../../shared/moderation';
import { MODERATION_SOCKET_EVENTS, moderationMessages } from '../../shared/moderation';
import type { Comment, FeedPage, Post, WatchPostsAck } from '../../shared/posts';
import { POSTS_SOCKET_EVENTS } from '../../shared/posts';
import type { Notification } from '../../shared/social/notifications';
import {
  as,
  befriend,
  countEvents,
  signIn,
  signUp,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import {
  openSocket,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

let owner: TestMember;
let moderator: TestMember;

beforeAll(async () => {
  owner = await signUp(stack.server);
  moderator = await signUp(stack.server);
  await api(owner).post('/moderation/moderators', { userId: moderator.id }).expect(204);
});

async function publish(author: TestMember, fields: object = {}): Promise<Post> {
  const res = await api(author)
    .post('/posts', {
      title: 'A post',
      content: 'Some words here',
      status: 'published',
      visibility: 'public',
      ...fields,
    })
    .expect(201);
  return res.body as Post;
}

async function comment(author: TestMember, post: Post, content = 'A comment'): Promise<Comment> {
  const res = await api(author).post(`/posts/${post.id}/comments`, { content }).expect(201);
  return res.body as Comment;
}

const report = (
  reporter: TestMember,
  targetType: 'post' | 'comment',
  targetId: string,
  reason = 'spam',
  note?: string,
) =>
  api(reporter).post('/reports', {
    targetType,
    targetId,
    reason,
    ...(note === undefined ? {} : { note }),
  });

async function queue(status: 'open' | 'resolved' = 'open'): Promise<ModerationItem[]> {
  const res = await api(moderator).get(`/moderation/queue?status=${status}`).expect(200);
  return (res.body as QueuePage).items;
}

const act = (
  who: TestMember,
  targetType: 'post' | 'comment' | 'member',
  targetId: string,
  action: string,
  reason = 'Breaks the rules',
  extra: object = {},
) => api(who).post('/moderation/actions', { targetType, targetId, action, reason, ...extra });

async function feedIds(member: TestMember): Promise<string[]> {
  const res = await api(member).get('/feed').expect(200);
  return (res.body as FeedPage).posts.map((post) => post.id);
}

async function notifications(member: TestMember): Promise<Notification[]> {
  const res = await api(member).get('/notifications').expect(200);
  return (res.body as { notifications: Notification[] }).notifications;
}

describe('reports', () => {
  it('files a report of visible content once, and puts it in the queue with its reports', async () => {
    const [author, ben, cleo] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    const post = await publish(author, { title: 'Buy now', content: 'Cheap watches here' });
    const res = await report(ben, 'post', post.id, 'spam', 'Third time today').expect(201);
    expect(res.body).toMatchObject({ targetType: 'post', targetId: post.id, reason: 'spam' });
    await report(cleo, 'post', post.id, 'harassment').expect(201);

    const second = await report(ben, 'post', post.id, 'hate').expect(409);
    expect(second.body.error.message).toBe(moderationMessages.alreadyReported);

    const item = (await queue()).find((i) => i.targetId === post.id);
    expect(item).toMatchObject({
      targetType: 'post',
      postId: post.id,
      title: 'Buy now',
      excerpt: 'Cheap watches here',
      author: { id: author.id, username: author.username },
      moderationState: 'visible',
      status: 'open',
      reportCount: 2,
      reasonCounts: { spam: 1, harassment: 1 },
    });
    expect(item!.reports.map((r) => [r.reporter.username, r.reason, r.note])).toEqual([
      [cleo.username, 'harassment', null],
      [ben.username, 'spam', 'Third time today'],
    ]);
  });

  it("refuses one's own content, content one may not see, and bad input, writing nothing", async () => {
    const [author, friend, stranger] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    await befriend(stack.server, author, friend);
    const friendsOnly = await publish(author, { visibility: 'friendsOnly' });
    const open = await publish(author);
    const note = await comment(friend, open);
    const before = await countEvents(db());

    const own = await report(author, 'post', open.id).expect(403);
    expect(own.body.error.message).toBe(moderationMessages.ownContent);
    await report(friend, 'comment', note.id).expect(403);
    await report(stranger, 'post', friendsOnly.id).expect(404);
    await report(stranger, 'post', 'not-a-uuid').expect(404);
    await report(stranger, 'comment', open.id).expect(404);
    await report(stranger, 'post', open.id, 'boring').expect(400);
    await report(stranger, 'post', open.id, 'spam', 'x'.repeat(501)).expect(400);
    await api(stranger)
      .post('/reports', { targetType: 'user', targetId: open.id, reason: 'spam' })
      .expect(400);
    expect(await countEvents(db())).toBe(before);

    // A friend sees the friends-only post and may report it; a comment too.
    await report(friend, 'post', friendsOnly.id, 'other').expect(201);
    await report(stranger, 'comment', note.id, 'hate').expect(201);
  });
});

describe('authorization', () => {
  it('keeps the queue, the actions and the audit list to moderators and owners', async () => {
    const member = await signUp(stack.server);
    const post = await publish(await signUp(stack.server));
    await api(member).get('/moderation/queue').expect(403);
    await api(member).get('/moderation/audit').expect(403);
    await act(member, 'post', post.id, 'hide').expect(403);
    await api(member)
      .post(`/content/${post.id}/moderate`, { action: 'hide', reason: 'x' })
      .expect(403);
    await api(owner).get('/moderation/queue').expect(200);
    await api(moderator).get('/moderation/audit').expect(200);
  });

  it('lets only the owner appoint and dismiss moderators, whose session shows the role', async () => {
    const [candidate, other] = [await signUp(stack.server), await signUp(stack.server)];
    await api(moderator).post('/moderation/moderators', { userId: candidate.id }).expect(403);
    await api(moderator).get('/moderation/moderators').expect(403);
    await api(owner).post('/moderation/moderators', { userId: candidate.id }).expect(204);
    const session = await api(candidate).get('/auth/session').expect(200);
    expect(session.body.role).toBe('moderator');
    await api(candidate).get('/moderation/queue').expect(200);

    const list = await api(owner).get('/moderation/moderators').expect(200);
    const moderators = (list.body as { moderators: Moderator[] }).moderators;
    expect(moderators[0]).toMatchObject({ id: owner.id, role: 'owner' });
    expect(moderators.map((m) => m.id)).toEqual(
      expect.arrayContaining([moderator.id, candidate.id]),
    );

    await api(owner).delete(`/moderation/moderators/${other.id}`).expect(400);
    await api(owner).post('/moderation/moderators', { userId: owner.id }).expect(400);
    await api(owner).delete(`/moderation/moderators/${candidate.id}`).expect(204);
    expect((await api(candidate).get('/auth/session').expect(200)).body.role).toBe('member');
    await api(candidate).get('/moderation/queue').expect(403);
    await api(owner)
      .post('/moderation/moderators', { userId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
  });

  it('refuses a moderator acting on an owner, and anyone acting on their own content', async () => {
    const ownersPost = await publish(owner);
    const modsPost = await publish(moderator);
    const before = await countEvents(db());
    const refused = await act(moderator, 'post', ownersPost.id, 'hide').expect(403);
    expect(refused.body.error.message).toBe(moderationMessages.ownerProtected);
    await act(moderator, 'member', owner.id, 'warn').expect(403);
    const own = await act(moderator, 'post', modsPost.id, 'hide').expect(403);
    expect(own.body.error.message).toBe(moderationMessages.ownModeration);
    await act(owner, 'post', ownersPost.id, 'remove').expect(403);
    expect(await countEvents(db())).toBe(before);
  });

  it('refuses bad actions with 400 and unknown targets with 404', async () => {
    const post = await publish(await signUp(stack.server));
    await act(moderator, 'post', post.id, 'ban').expect(400);
    await act(moderator, 'post', post.id, 'hide', '').expect(400);
    await act(moderator, 'post', post.id, 'hide', 'x'.repeat(501)).expect(400);
    await act(moderator, 'post', post.id, 'suspend', 'Spam', { days: 0 }).expect(400);
    await act(moderator, 'post', post.id, 'suspend', 'Spam', { days: 366 }).expect(400);
    await act(moderator, 'post', post.id, 'hide', 'Spam', { days: 3 }).expect(400);
    await act(moderator, 'member', post.author.id, 'hide').expect(400);
    await act(moderator, 'post', '00000000-0000-4000-8000-000000000000', 'hide').expect(404);
    await act(moderator, 'comment', post.id, 'hide').expect(404);
  });
});

describe('actions', () => {
  it('hides a post from everyone but its author, who reads why, and approves it back', async () => {
    const [author, reader] = [await signUp(stack.server), await signUp(stack.server)];
    await befriend(stack.server, author, reader);
    const post = await publish(author);
    await report(reader, 'post', post.id, 'violence').expect(201);
    expect(await feedIds(reader)).toContain(post.id);

    const res = await act(moderator, 'post', post.id, 'hide', 'Graphic violence').expect(200);
    expect((res.body as ModerationResult).entry).toMatchObject({
      moderator: { id: moderator.id, username: moderator.username },
      action: 'hide',
      targetType: 'post',
      targetId: post.id,
      member: { id: author.id },
      reason: 'Graphic violence',
    });

    await api(reader).get(`/posts/${post.id}`).expect(404);
    expect(await feedIds(reader)).not.toContain(post.id);
    await report(reader, 'post', post.id).expect(404);
    const own = await api(author).get(`/posts/${post.id}`).expect(200);
    expect((own.body as Post).moderation).toEqual({ state: 'hidden', reason: 'Graphic violence' });
    expect(await feedIds(author)).toContain(post.id);
    const told = (await notifications(author)).find((n) => n.type === 'moderation_notice');
    expect(told?.content).toBe('Your post was hidden by a moderator: Graphic violence');

    expect((await queue()).some((i) => i.targetId === post.id)).toBe(false);
    const resolved = (await queue('resolved')).find((i) => i.targetId === post.id);
    expect(resolved).toMatchObject({ moderationState: 'hidden', lastAction: 'hide' });

    await act(moderator, 'post', post.id, 'approve', 'Fine on review').expect(200);
    const back = await api(reader).get(`/posts/${post.id}`).expect(200);
    expect((back.body as Post).moderation).toBeUndefined();
  });

  it('removes a post for everyone, its author too, and tells the author why', async () => {
    const [author, reader] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(author);
    await api(owner)
      .post(`/content/${post.id}/moderate`, { action: 'remove', reason: 'Illegal content' })
      .expect(200);
    await api(author).get(`/posts/${post.id}`).expect(404);
    await api(reader).get(`/posts/${post.id}`).expect(404);
    expect(await feedIds(author)).not.toContain(post.id);
    const told = (await notifications(author)).find((n) => n.type === 'moderation_notice');
    expect(told?.content).toBe('Your post was removed by a moderator: Illegal content');
    await api(moderator)
      .post('/content/not-a-uuid/moderate', { action: 'remove', reason: 'x' })
      .expect(404);
  });

  it('hides a comment from every thread but its author', async () => {
    const [author, commenter, reader] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    const post = await publish(author);
    const rude = await comment(commenter, post, 'Rude words');
    await comment(reader, post, 'Kind words');
    await report(reader, 'comment', rude.id, 'harassment').expect(201);
    const item = (await queue()).find((i) => i.targetId === rude.id);
    expect(item).toMatchObject({ targetType: 'comment', postId: post.id, excerpt: 'Rude words' });

    await act(moderator, 'comment', rude.id, 'hide', 'Insults').expect(200);
    const thread = async (who: TestMember) =>
      (
        (await api(who).get(`/posts/${post.id}/comments`).expect(200)).body as {
          comments: Comment[];
        }
      ).comments;
    expect((await thread(reader)).map((c) => c.content)).toEqual(['Kind words']);
    expect((await thread(author)).map((c) => c.content)).toEqual(['Kind words']);
    const own = (await thread(commenter)).find((c) => c.id === rude.id);
    expect(own?.moderation).toEqual({ state: 'hidden', reason: 'Insults' });
  });

  it('warns a member, suspends them (sessions end, sign-in refused) and reinstates them', async () => {
    const [author, reader] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(author);
    await report(reader, 'post', post.id, 'spam').expect(201);

    await act(moderator, 'post', post.id, 'warn', 'Stop posting ads').expect(200);
    const warned = (await notifications(author)).find((n) => n.type === 'moderation_notice');
    expect(warned?.content).toBe('A moderator warned you: Stop posting ads');
    // A warning leaves the content's decision open.
    expect((await queue()).find((i) => i.targetId === post.id)?.lastAction).toBe('warn');

    const suspended = await act(moderator, 'post', post.id, 'suspend', 'Spam again', {
      days: 3,
    }).expect(200);
    const until = (suspended.body as ModerationResult).entry.until!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(2.9 * 24 * 3600 * 1000);
    await api(author)
      .get('/auth/session')
      .expect(200)
      .expect((res) => {
        expect(res.body.isAuthenticated).toBe(false);
      });
    const refused = await signIn(stack.server, {
      email: author.email,
      password: author.password,
    }).expect(403);
    expect(refused.body.error.message).toBe(
      `Your account is suspended until ${until.slice(0, 10)}: Spam again`,
    );

    await api(reader).delete(`/moderation/suspensions/${author.id}`).expect(403);
    await api(moderator).delete(`/moderation/suspensions/${author.id}`).expect(200);
    await api(moderator).delete(`/moderation/suspensions/${author.id}`).expect(400);
    await signIn(stack.server, { email: author.email, password: author.password }).expect(200);

    await act(owner, 'member', author.id, 'suspend', 'Until further notice').expect(200);
    const indefinite = await signIn(stack.server, {
      email: author.email,
      password: author.password,
    }).expect(403);
    expect(indefinite.body.error.message).toBe(
      'Your account is suspended until further notice: Until further notice',
    );
    await api(owner).delete(`/moderation/suspensions/${author.id}`).expect(200);
  });
});

describe('audit and live', () => {
  it("lists every action with the moderator's name, newest first, pages by cursor", async () => {
    const author = await signUp(stack.server);
    const post = await publish(author);
    await act(moderator, 'post', post.id, 'hide', 'First').expect(200);
    await act(owner, 'post', post.id, 'approve', 'Second').expect(200);
    const res = await api(moderator).get('/moderation/audit').expect(200);
    const page = res.body as AuditPage;
    expect(page.entries.slice(0, 2).map((e) => [e.action, e.moderator.username, e.reason])).toEqual(
      [
        ['approve', owner.username, 'Second'],
        ['hide', moderator.username, 'First'],
      ],
    );
    await api(moderator).get('/moderation/audit?cursor=%%%').expect(400);
    await api(moderator).get('/moderation/queue?status=closed').expect(400);
  });

  it('pushes a new report and an action to the moderators live, whole and versioned', async () => {
    const [author, reader] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(author);
    const socket = openSocket(stack.server.url, moderator.cookie);
    try {
      await waitForConnect(socket);
      const reported = waitForEvent<{ item: ModerationItem }>(
        socket,
        MODERATION_SOCKET_EVENTS.item,
        (p) => p.item.targetId === post.id,
      );
      await report(reader, 'post', post.id, 'spam').expect(201);
      const first = (await reported).item;
      expect(first).toMatchObject({ status: 'open', reportCount: 1 });

      const acted = waitForEvent<{ item: ModerationItem }>(
        socket,
        MODERATION_SOCKET_EVENTS.item,
        (p) => p.item.targetId === post.id && p.item.status === 'resolved',
      );
      const audited = waitForEvent<{ entry: { targetId: string } }>(
        socket,
        MODERATION_SOCKET_EVENTS.audit,
        (p) => p.entry.targetId === post.id,
      );
      await act(moderator, 'post', post.id, 'hide', 'Spam').expect(200);
      expect((await acted).item.version).toBeGreaterThan(first.version);
      expect((await audited).entry.targetId).toBe(post.id);
    } finally {
      socket.disconnect();
    }
  });

  it('takes a hidden post off watching screens live, and gives its author the reason', async () => {
    const [author, reader] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(author);
    const readers = openSocket(stack.server.url, reader.cookie);
    const authors = openSocket(stack.server.url, author.cookie);
    try {
      await Promise.all([waitForConnect(readers), waitForConnect(authors)]);
      for (const socket of [readers, authors]) {
        const ack = (await socket
          .timeout(5_000)
          .emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [post.id] })) as WatchPostsAck;
        expect(ack.watching).toEqual([post.id]);
      }
      const gone = waitForEvent<{ postId: string }>(
        readers,
        POSTS_SOCKET_EVENTS.deleted,
        (p) => p.postId === post.id,
      );
      const updated = waitForEvent<{ post: Post }>(
        authors,
        POSTS_SOCKET_EVENTS.updated,
        (p) => p.post.id === post.id,
      );
      await act(moderator, 'post', post.id, 'hide', 'Off topic').expect(200);
      expect((await gone).postId).toBe(post.id);
      expect((await updated).post.moderation).toEqual({ state: 'hidden', reason: 'Off topic' });
    } finally {
      readers.disconnect();
      authors.disconnect();
    }
  });

  it('keeps no report or name of a deleted member, and rebuilds the same read models', async () => {
    const [author, reporter] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(author);
    await report(reporter, 'post', post.id, 'spam').expect(201);
    await act(moderator, 'member', reporter.id, 'warn', 'Careful').expect(200);
    await api(reporter)
      .post('/me/delete', { password: reporter.password, confirmation: 'DELETE' })
      .expect(204);
    const item = (await queue()).find((i) => i.targetId === post.id);
    expect(item).toBeUndefined();
    const entry = (await api(moderator).get('/moderation/audit').expect(200)).body as AuditPage;
    expect(entry.entries[0]).toMatchObject({
      action: 'warn',
      member: { id: null, displayName: 'Deleted member' },
    });
    const tables = [
      'moderation_items',
      'content_reports',
      'moderation_audit',
      'member_suspensions',
    ];
    const before = await Promise.all(tables.map((t) => snapshotTable(db(), t)));
    await rebuild(db());
    expect(await Promise.all(tables.map((t) => snapshotTable(db(), t)))).toEqual(before);
  });
});
