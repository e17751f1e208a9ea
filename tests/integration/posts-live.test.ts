import type { Socket } from 'socket.io-client';
import {
  POSTS_SOCKET_EVENTS,
  type Comment,
  type LikesReceived,
  type Post,
  type PostCountsPayload,
  type PostNewPayload,
  type SavedStatePayload,
  type SharedComment,
  type SharedPost,
  type WatchPostsAck,
} from '../../shared/posts';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationsPageSchema,
} from '../../shared/social/notifications';
import { totalLikesReceived } from '../../server/domains/posts/likes-received';
import {
  as,
  badgesOf,
  befriend,
  queuedEmails,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

interface Push {
  event: string;
  payload: unknown;
}

/**
 * A member's socket, with every push it receives recorded in order; what a watch sent of each
 * post as it stood when the socket began to follow it is kept apart, in `caughtUp`.
 */
interface Client {
  member: TestMember;
  socket: Socket;
  received: Push[];
  caughtUp: Push[];
}

async function connect(member: TestMember): Promise<Client> {
  const socket = await connectAs(stack.server, member);
  sockets.push(socket);
  const client: Client = { member, socket, received: [], caughtUp: [] };
  socket.onAny((event: string, payload: unknown) => client.received.push({ event, payload }));
  return client;
}

/** The catch-up of a post the socket begins to follow arrives before the watch's answer. */
async function watch(client: Client, postIds: string[]): Promise<WatchPostsAck> {
  const from = client.received.length;
  const ack = (await client.socket
    .timeout(5000)
    .emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds })) as WatchPostsAck;
  for (const push of client.received.splice(from)) {
    const caughtUp =
      push.event === POSTS_SOCKET_EVENTS.updated &&
      postIds.includes((push.payload as { post: SharedPost }).post.id);
    (caughtUp ? client.caughtUp : client.received).push(push);
  }
  return ack;
}

async function publish(author: TestMember, fields: object = {}): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words here', status: 'published', ...fields })
    .expect(201);
  return res.body as Post;
}

const countsOf = (client: Client, postId: string, accept: (c: PostCountsPayload) => boolean) =>
  waitForEvent<PostCountsPayload>(
    client.socket,
    POSTS_SOCKET_EVENTS.counts,
    (c) => c.postId === postId && accept(c),
  );

/** What the client was pushed about the post (`postId` in the payload, or its post's id). */
const aboutPost = (client: Client, postId: string) =>
  client.received.filter(({ payload }) => {
    const p = payload as { postId?: string; post?: { id: string }; comment?: { postId: string } };
    return p.postId === postId || p.post?.id === postId || p.comment?.postId === postId;
  });

let barrierAuthor: TestMember | null = null;

/**
 * Waits until everything pushed to the client before this call has arrived: the client follows
 * a fresh post of its own, which is then liked, and that push comes after any earlier one on the
 * same socket. Call it once the pushes others were due have arrived, so what the client would
 * have been sent with them was sent before.
 */
async function drained(client: Client): Promise<void> {
  barrierAuthor ??= (await signUpMembers(stack.server, 1))[0];
  const post = await publish(barrierAuthor);
  const { watching } = await watch(client, [post.id]);
  expect(watching).toEqual([post.id]);
  const pushed = countsOf(client, post.id, (c) => c.likes === 1);
  await api(barrierAuthor).post(`/posts/${post.id}/like`).expect(200);
  await pushed;
}

describe('counts of watched posts', () => {
  it('pushes absolute, versioned counts to every watcher after a like, unlike, comment and share', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(ana);
    const [bens, cats] = await Promise.all([connect(ben), connect(cat)]);
    expect(await watch(bens, [post.id])).toEqual({ watching: [post.id] });
    expect(await watch(cats, [post.id])).toEqual({ watching: [post.id] });

    const liked = countsOf(cats, post.id, (c) => c.likes === 1);
    const likedForBen = countsOf(bens, post.id, (c) => c.likes === 1);
    const answer = (await api(ben).post(`/posts/${post.id}/like`).expect(200)).body;
    const [afterLike] = await Promise.all([liked, likedForBen]);
    expect(afterLike).toEqual({
      postId: post.id,
      likes: 1,
      comments: 0,
      shares: 0,
      reposts: 0,
      quotes: 0,
      version: answer.version,
    });
    // The same push goes to every watcher: nothing of who liked it.
    expect(afterLike).not.toHaveProperty('likedByMe');

    const unliked = countsOf(cats, post.id, (c) => c.version > afterLike.version);
    await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    expect(await unliked).toMatchObject({ likes: 0, comments: 0, shares: 0 });

    const commented = countsOf(cats, post.id, (c) => c.comments === 1);
    await api(ben).post(`/posts/${post.id}/comments`, { content: 'Nice' }).expect(201);
    const afterComment = await commented;
    expect(afterComment.version).toBeGreaterThan(afterLike.version);

    const shared = countsOf(cats, post.id, (c) => c.shares === 1);
    await api(ben).post(`/posts/${post.id}/share`, { channel: 'link' }).expect(200);
    expect(await shared).toMatchObject({ likes: 0, comments: 1, shares: 1 });
  });

  it('sends a post as it stands when the socket begins to follow it, before the answer', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(ana);
    // Ben's screen has read the post; Cat likes it before Ben's socket follows it.
    await api(ben).get(`/posts/${post.id}`).expect(200);
    const liked = (await api(cat).post(`/posts/${post.id}/like`).expect(200)).body as {
      version: number;
    };
    const bens = await connect(ben);

    expect(await watch(bens, [post.id])).toEqual({ watching: [post.id] });
    expect(bens.caughtUp).toHaveLength(1);
    const { post: caughtUp } = bens.caughtUp[0]!.payload as { post: SharedPost };
    expect(caughtUp).toMatchObject({ id: post.id, likes: 1, version: liked.version });
    expect(caughtUp).not.toHaveProperty('likedByMe');

    // Followed already: the same list again sends nothing; a post newly on screen is caught up.
    const other = await publish(ana);
    await watch(bens, [post.id]);
    await watch(bens, [post.id, other.id]);
    expect(bens.caughtUp.map((p) => (p.payload as { post: SharedPost }).post.id)).toEqual([
      post.id,
      other.id,
    ]);
  });

  it('pushes nothing to a member not watching, nor to one who may not see the post', async () => {
    const [ana, friend, idle, stranger] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    await befriend(stack.server, ana, idle);
    const post = await publish(ana, { visibility: 'friendsOnly' });
    const [friends, idles, strangers] = await Promise.all([
      connect(friend),
      connect(idle),
      connect(stranger),
    ]);
    expect(await watch(friends, [post.id])).toEqual({ watching: [post.id] });
    // A post one may not see is not followed: it reads as missing.
    expect(await watch(strangers, [post.id])).toEqual({ watching: [] });

    const pushed = countsOf(friends, post.id, (c) => c.likes === 1);
    await api(friend).post(`/posts/${post.id}/like`).expect(200);
    await pushed;
    await Promise.all([drained(idles), drained(strangers)]);
    // A friend's socket may still get the post's new-post signal: it was published just before
    // the sockets connected, and the relay can pass after that under load. Only that signal.
    const toIdle = aboutPost(idles, post.id).filter(
      ({ event }) => event !== POSTS_SOCKET_EVENTS.new,
    );
    expect(toIdle).toEqual([]);
    expect(aboutPost(strangers, post.id)).toEqual([]);
  });

  it('stops at a block: the blocked watcher is told the post is gone and hears no more', async () => {
    const [ana, ben, eve] = await signUpMembers(stack.server, 3);
    const post = await publish(ana, { visibility: 'public' });
    const [bens, eves] = await Promise.all([connect(ben), connect(eve)]);
    await watch(bens, [post.id]);
    expect(await watch(eves, [post.id])).toEqual({ watching: [post.id] });

    await api(ana).post('/friends/blocks', { userId: eve.id }).expect(201);
    const gone = waitForEvent<{ postId: string }>(eves.socket, POSTS_SOCKET_EVENTS.deleted);
    const first = countsOf(bens, post.id, (c) => c.likes === 1);
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    await first;
    expect(await gone).toEqual({ postId: post.id });

    const second = countsOf(bens, post.id, (c) => c.likes === 0);
    await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    await second;
    await drained(eves);
    expect(aboutPost(eves, post.id).map((p) => p.event)).toEqual([POSTS_SOCKET_EVENTS.deleted]);
    // Nor can the blocked member follow it again.
    expect(await watch(eves, [post.id])).toEqual({ watching: [] });
  });

  it('stops at a block made after pushes already reached the watcher', async () => {
    const [ana, ben, eve] = await signUpMembers(stack.server, 3);
    const post = await publish(ana, { visibility: 'public' });
    const [bens, eves] = await Promise.all([connect(ben), connect(eve)]);
    await watch(bens, [post.id]);
    await watch(eves, [post.id]);
    // Eve's view of the post is judged and kept here; the block must undo it.
    const eveSaw = countsOf(eves, post.id, (c) => c.likes === 1);
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    await eveSaw;

    await api(ana).post('/friends/blocks', { userId: eve.id }).expect(201);
    const gone = waitForEvent<{ postId: string }>(eves.socket, POSTS_SOCKET_EVENTS.deleted);
    const benSaw = countsOf(bens, post.id, (c) => c.likes === 0);
    await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    await benSaw;
    expect(await gone).toEqual({ postId: post.id });
    await drained(eves);
    expect(aboutPost(eves, post.id).map((p) => p.event)).toEqual([
      POSTS_SOCKET_EVENTS.counts,
      POSTS_SOCKET_EVENTS.deleted,
    ]);
  });

  it('stops when the post leaves the screen', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(ana);
    const [bens, cats] = await Promise.all([connect(ben), connect(cat)]);
    await watch(bens, [post.id]);
    await watch(cats, [post.id]);
    expect(await watch(bens, [])).toEqual({ watching: [] });

    const pushed = countsOf(cats, post.id, (c) => c.likes === 1);
    await api(cat).post(`/posts/${post.id}/like`).expect(200);
    await pushed;
    await drained(bens);
    expect(aboutPost(bens, post.id)).toEqual([]);
  });

  it('refuses a watch that is not a list of post ids, and keeps what was watched', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    const bens = await connect(ben);
    await watch(bens, [post.id]);
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID());
    for (const bad of [{ postIds: tooMany }, { postIds: ['not-an-id'] }, 'x', null]) {
      const ack = (await bens.socket
        .timeout(5000)
        .emitWithAck(POSTS_SOCKET_EVENTS.watch, bad)) as WatchPostsAck;
      expect(ack).toMatchObject({ watching: [post.id], error: expect.any(String) });
    }
  });
});

describe('a watched post changing', () => {
  it('pushes new content without the viewer’s own marks, and the deletion', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    const bens = await connect(ben);
    await watch(bens, [post.id]);

    const updated = waitForEvent<{ post: SharedPost }>(bens.socket, POSTS_SOCKET_EVENTS.updated);
    await api(ana).patch(`/posts/${post.id}`, { title: 'A better title' }).expect(200);
    const { post: pushed } = await updated;
    expect(pushed).toMatchObject({ id: post.id, title: 'A better title' });
    expect(pushed).not.toHaveProperty('likedByMe');
    expect(pushed).not.toHaveProperty('savedByMe');

    const deleted = waitForEvent<{ postId: string }>(bens.socket, POSTS_SOCKET_EVENTS.deleted);
    await api(ana).delete(`/posts/${post.id}`).expect(204);
    expect(await deleted).toEqual({ postId: post.id });
  });

  it('tells watchers the post is gone when it turns private', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    const bens = await connect(ben);
    await watch(bens, [post.id]);
    const gone = waitForEvent<{ postId: string }>(bens.socket, POSTS_SOCKET_EVENTS.deleted);
    await api(ana).patch(`/posts/${post.id}`, { visibility: 'private' }).expect(200);
    expect(await gone).toEqual({ postId: post.id });
    expect(aboutPost(bens, post.id).map((p) => p.event)).toEqual([POSTS_SOCKET_EVENTS.deleted]);
  });
});

describe('the thread of a watched post', () => {
  it('pushes new, edited, liked and deleted comments to every viewer of the thread', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(ana);
    const [anas, cats] = await Promise.all([connect(ana), connect(cat)]);
    await watch(anas, [post.id]);
    await watch(cats, [post.id]);

    const added = waitForEvent<{ comment: SharedComment }>(
      cats.socket,
      POSTS_SOCKET_EVENTS.commentNew,
    );
    const comment = (
      await api(ben).post(`/posts/${post.id}/comments`, { content: 'First!' }).expect(201)
    ).body as Comment;
    const { likedByMe: _mine, ...shared } = comment;
    expect((await added).comment).toEqual(shared);

    const edited = waitForEvent<{ comment: SharedComment }>(
      anas.socket,
      POSTS_SOCKET_EVENTS.commentUpdated,
    );
    await api(ben).patch(`/comments/${comment.id}`, { content: 'Second!' }).expect(200);
    expect((await edited).comment).toMatchObject({ id: comment.id, content: 'Second!' });

    const liked = waitForEvent<{ commentId: string; likes: number; version: number }>(
      cats.socket,
      POSTS_SOCKET_EVENTS.commentCounts,
    );
    await api(ana).post(`/comments/${comment.id}/like`).expect(200);
    expect(await liked).toMatchObject({ postId: post.id, commentId: comment.id, likes: 1 });

    const deleted = waitForEvent(anas.socket, POSTS_SOCKET_EVENTS.commentDeleted);
    await api(ben).delete(`/comments/${comment.id}`).expect(204);
    expect(await deleted).toEqual({ postId: post.id, commentId: comment.id });
  });

  it('leaves out a comment by a member the viewer blocked, as their thread does', async () => {
    const [ana, ben, cat, dan] = await signUpMembers(stack.server, 4);
    const post = await publish(ana);
    await api(cat).post('/friends/blocks', { userId: dan.id }).expect(201);
    const [bens, cats] = await Promise.all([connect(ben), connect(cat)]);
    await watch(bens, [post.id]);
    await watch(cats, [post.id]);

    const seen = waitForEvent(bens.socket, POSTS_SOCKET_EVENTS.commentNew);
    const counted = countsOf(cats, post.id, (c) => c.comments === 1);
    await api(dan).post(`/posts/${post.id}/comments`, { content: 'Hello' }).expect(201);
    await Promise.all([seen, counted]);
    await drained(cats);
    expect(
      aboutPost(cats, post.id).filter((p) => p.event === POSTS_SOCKET_EVENTS.commentNew),
    ).toEqual([]);
  });
});

describe('new posts', () => {
  it('signals a friend’s new post to friends who may see it, and to nobody else', async () => {
    const [ana, friend, stranger, blocked] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    await befriend(stack.server, ana, blocked);
    await api(blocked).post('/friends/blocks', { userId: ana.id }).expect(201);
    const [anas, friends, strangers, blockeds] = await Promise.all([
      connect(ana),
      connect(friend),
      connect(stranger),
      connect(blocked),
    ]);

    const signalled = waitForEvent<PostNewPayload>(friends.socket, POSTS_SOCKET_EVENTS.new);
    const post = await publish(ana, { visibility: 'friendsOnly' });
    expect(await signalled).toEqual({
      postId: post.id,
      authorId: ana.id,
      publishedAt: post.publishedAt,
    });
    await Promise.all([drained(anas), drained(strangers), drained(blockeds)]);
    for (const client of [anas, strangers, blockeds]) {
      expect(client.received.filter((p) => p.event === POSTS_SOCKET_EVENTS.new)).toEqual([]);
    }

    // A draft is news to nobody until it is published; a private post never is.
    const draft = (await api(ana).post('/posts', { title: 'Soon' }).expect(201)).body as Post;
    const kept = await publish(ana, { visibility: 'private' });
    const later = waitForEvent<PostNewPayload>(friends.socket, POSTS_SOCKET_EVENTS.new, (p) =>
      [draft.id, kept.id].includes(p.postId),
    );
    await api(ana)
      .patch(`/posts/${draft.id}`, { content: 'Now ready', status: 'published' })
      .expect(200);
    expect((await later).postId).toBe(draft.id);
  });
});

describe('saved posts across a member’s tabs', () => {
  const savedPushes = (client: Client) =>
    client.received.filter(({ event }) => event === POSTS_SOCKET_EVENTS.saved);
  const saveState = (client: Client, postId: string, savedByMe: boolean) =>
    waitForEvent<SavedStatePayload>(
      client.socket,
      POSTS_SOCKET_EVENTS.saved,
      (p) => p.postId === postId && p.savedByMe === savedByMe,
    );

  it('pushes the save state, absolute and versioned, to every tab of the member and nobody else', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ben);
    const [first, second, bens] = await Promise.all([connect(ana), connect(ana), connect(ben)]);

    const savedHere = saveState(first, post.id, true);
    const savedThere = saveState(second, post.id, true);
    const saved = (await api(ana).post(`/posts/${post.id}/save`).expect(200)).body as {
      version: number;
    };
    const pushed = await savedThere;
    expect(await savedHere).toEqual(pushed);
    // Everything the other tab's /saved needs to show it: the post as the member sees it, and
    // when it was saved, as the list orders it.
    const page = (await api(ana).get('/saved').expect(200)).body as {
      savedAt: Record<string, string>;
    };
    expect(pushed).toEqual({
      postId: post.id,
      savedByMe: true,
      version: saved.version,
      savedAt: page.savedAt[post.id],
      post: expect.objectContaining({ id: post.id, savedByMe: true, likedByMe: false }),
    });

    const removedThere = saveState(first, post.id, false);
    const removed = (await api(ana).delete(`/posts/${post.id}/save`).expect(200)).body as {
      version: number;
    };
    expect(removed.version).toBeGreaterThan(saved.version);
    expect(await removedThere).toEqual({
      postId: post.id,
      savedByMe: false,
      version: removed.version,
      savedAt: null,
      post: null,
    });
    // Asking again changes nothing: the same version, and no push.
    const again = (await api(ana).delete(`/posts/${post.id}/save`).expect(200)).body;
    expect(again).toEqual({ postId: post.id, savedByMe: false, version: removed.version });

    await Promise.all([drained(first), drained(bens)]);
    expect(savedPushes(first)).toHaveLength(2);
    expect(savedPushes(bens)).toEqual([]);
  });
});

describe('notifications and emails', () => {
  const notificationsOf = async (member: TestMember) =>
    notificationsPageSchema.parse((await api(member).get('/notifications').expect(200)).body)
      .notifications;

  it('groups likes of one post: "Ana and 3 others liked your post", and takes back an unlike', async () => {
    const [author, ...likers] = await signUpMembers(stack.server, 5);
    const post = await publish(author);
    const other = await publish(author);
    const authors = await connect(author);
    const last = likers[3]!;
    const pushed = waitForEvent<{ notification: { title: string } }>(
      authors.socket,
      'notification',
      (n) => n.notification.title.includes('3 others'),
    );
    for (const liker of likers) await api(liker).post(`/posts/${post.id}/like`).expect(200);
    expect((await pushed).notification.title).toBe(`${last.username} and 3 others liked your post`);
    // The author's own like tells them nothing.
    await api(author).post(`/posts/${post.id}/like`).expect(200);
    await api(likers[0]!).post(`/posts/${other.id}/like`).expect(200);

    const listed = await notificationsOf(author);
    expect(listed.map((n) => [n.type, n.title, n.actorCount, n.actionUrl])).toEqual([
      ['post_liked', `${likers[0]!.username} liked your post`, 1, `/post/${other.id}`],
      ['post_liked', `${last.username} and 3 others liked your post`, 4, `/post/${post.id}`],
    ]);
    expect((await badgesOf(stack.server, author)).notifications).toBe(2);

    await api(last).delete(`/posts/${post.id}/like`).expect(200);
    const after = await notificationsOf(author);
    expect(after[1]!.title).toBe(`${likers[2]!.username} and 2 others liked your post`);

    // The one like of the other post taken back leaves nothing claiming it.
    await api(likers[0]!).delete(`/posts/${other.id}/like`).expect(200);
    expect((await notificationsOf(author)).map((n) => n.actionUrl)).toEqual([`/post/${post.id}`]);
    expect((await badgesOf(stack.server, author)).notifications).toBe(1);
  });

  it('notifies the author of comments and shares, with the comment as the body', async () => {
    const [author, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(author);
    await api(ben).post(`/posts/${post.id}/comments`, { content: 'Lovely' }).expect(201);
    await api(cat).post(`/posts/${post.id}/comments`, { content: 'Agreed' }).expect(201);
    await api(ben).post(`/posts/${post.id}/share`, { channel: 'x' }).expect(200);
    const listed = await notificationsOf(author);
    expect(listed.map((n) => [n.type, n.title, n.content])).toEqual([
      ['post_shared', `${ben.username} shared your post`, `${ben.username} shared your post.`],
      ['post_commented', `${cat.username} and 1 other commented on your post`, 'Agreed'],
    ]);
  });

  it('queues the Like Notification and Content Shared emails once per member, as the author wants', async () => {
    const [author, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(author, { title: 'My trip' });
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    const likes = await queuedEmails(db(), author.email, 'Like Notification');
    expect(likes.map((e) => e.data)).toEqual([
      {
        likerName: ben.username,
        postTitle: 'My trip',
        postUrl: `http://localhost:8080/post/${post.id}`,
      },
    ]);

    await api(ben).post(`/posts/${post.id}/share`, { channel: 'facebook' }).expect(200);
    await api(ben).post(`/posts/${post.id}/share`, { channel: 'x' }).expect(200);
    const shares = await queuedEmails(db(), author.email, 'Content Shared');
    expect(shares.map((e) => e.data)).toEqual([
      {
        sharerName: ben.username,
        contentTitle: 'My trip',
        contentUrl: `http://localhost:8080/post/${post.id}`,
      },
    ]);

    await api(author)
      .put('/me/notification-preferences', {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        post_liked: { inApp: true, email: false },
      })
      .expect(200);
    await api(cat).post(`/posts/${post.id}/like`).expect(200);
    expect(await queuedEmails(db(), author.email, 'Like Notification')).toHaveLength(1);
    // Nor is anyone emailed about their own post.
    await api(author).post(`/posts/${post.id}/share`, { channel: 'link' }).expect(200);
    expect(await queuedEmails(db(), author.email, 'Content Shared')).toHaveLength(1);
  });
});

describe('Total Likes', () => {
  it('sums the likes on the author’s posts and pushes it to them as it moves', async () => {
    const [author, ben, cat] = await signUpMembers(stack.server, 3);
    const [one, two] = [await publish(author), await publish(author)];
    const authors = await connect(author);
    const reaching = (total: number) =>
      waitForEvent<LikesReceived>(
        authors.socket,
        POSTS_SOCKET_EVENTS.likesReceived,
        (v) => v.total === total,
      );

    const first = reaching(1);
    await api(ben).post(`/posts/${one.id}/like`).expect(200);
    const afterFirst = await first;
    const three = reaching(3);
    await api(cat).post(`/posts/${one.id}/like`).expect(200);
    await api(cat).post(`/posts/${two.id}/like`).expect(200);
    const afterThree = await three;
    expect(afterThree.version).toBeGreaterThan(afterFirst.version);
    expect(await totalLikesReceived(db(), author.id)).toBe(3);
    await api(author).get('/me/likes-received').expect(200, afterThree);
    await api(ben).get('/me/likes-received').expect(200, { total: 0, version: 0 });

    const afterDelete = reaching(1);
    await api(author).delete(`/posts/${one.id}`).expect(204);
    await afterDelete;
    expect(await totalLikesReceived(db(), author.id)).toBe(1);
    expect(await totalLikesReceived(db(), ben.id)).toBe(0);
  });

  it('is rebuilt from the log as it was, with the notifications', async () => {
    const before = await Promise.all([
      snapshotTable(db(), 'likes_received'),
      snapshotTable(db(), 'notifications'),
    ]);
    await rebuild(db());
    expect(
      await Promise.all([
        snapshotTable(db(), 'likes_received'),
        snapshotTable(db(), 'notifications'),
      ]),
    ).toEqual(before);
  });
});
