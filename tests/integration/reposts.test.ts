import { randomUUID } from 'node:crypto';
import { POSTS_SOCKET_EVENTS, type HomeFeedPage, type PostCountsPayload } from '../../shared/posts';
import { repostStateSchema } from '../../shared/reposts';
import { systemContext } from '../../server/core/context';
import { cleanupTrash } from '../../server/domains/content-history/cleanup';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { Notification } from '../../shared/social/notifications';
import { badgesOf, befriend, snapshotReadModels, type TestMember } from '../support/factories';
import { rebuild } from '../support/model';
import { socialKit, useSockets } from '../support/social-kit';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const { api, db, member, publish, readPost, notificationsOf } = socialKit(stack);
const keepSockets = useSockets();

const feedOf = async (who: TestMember, path = '/feed') =>
  (await api(who).get(path).expect(200)).body as HomeFeedPage;

describe('reposts', () => {
  it('reposts and undoes idempotently, counts live, notifies the author and withdraws it', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const post = await publish(ana);
    const socket = await connectAs(stack.server, ana);
    keepSockets(socket);
    await socket.timeout(5000).emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [post.id] });
    const counted = waitForEvent<PostCountsPayload>(
      socket,
      POSTS_SOCKET_EVENTS.counts,
      (c) => c.postId === post.id && c.reposts === 1,
    );
    const told = waitForEvent<{ notification: Notification }>(socket, SOCKET_EVENTS.notification);

    const first = repostStateSchema.parse(
      (await api(bo).post(`/posts/${post.id}/repost`).expect(200)).body,
    );
    expect(first).toMatchObject({ postId: post.id, reposts: 1, repostedByMe: true });
    const again = repostStateSchema.parse(
      (await api(bo).post(`/posts/${post.id}/repost`).expect(200)).body,
    );
    expect(again).toEqual(first);
    expect((await counted).version).toBe(first.version);
    expect((await told).notification).toMatchObject({
      type: 'repost',
      title: `${bo.username} reposted your post`,
      actionUrl: `/post/${post.id}`,
    });
    expect(await badgesOf(stack.server, ana)).toMatchObject({ notifications: 1 });
    expect(await readPost(bo, post.id)).toMatchObject({ reposts: 1, repostedByMe: true });

    const uncounted = waitForEvent<PostCountsPayload>(
      socket,
      POSTS_SOCKET_EVENTS.counts,
      (c) => c.postId === post.id && c.reposts === 0,
    );
    const undone = repostStateSchema.parse(
      (await api(bo).delete(`/posts/${post.id}/repost`).expect(200)).body,
    );
    expect(undone).toMatchObject({ reposts: 0, repostedByMe: false });
    expect(undone.version).toBeGreaterThan(first.version);
    await api(bo).delete(`/posts/${post.id}/repost`).expect(200);
    expect((await uncounted).version).toBe(undone.version);
    expect(await notificationsOf(ana, 'repost')).toEqual([]);
    expect(await badgesOf(stack.server, ana)).toMatchObject({ notifications: 0 });
  });

  it('groups reposts of one post in one notification, and tells nobody of their own', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const post = await publish(ana);
    await api(ana).post(`/posts/${post.id}/repost`).expect(200);
    await api(bo).post(`/posts/${post.id}/repost`).expect(200);
    await api(cy).post(`/posts/${post.id}/repost`).expect(200);
    const [grouped] = await notificationsOf(ana, 'repost');
    expect(grouped).toMatchObject({ title: `${cy.username} and 1 other reposted your post` });
    expect(grouped!.actorCount).toBe(2);
  });

  it('refuses a post the member may not see, a draft, and a post whose author turned sharing off', async () => {
    const [ana, stranger, friend] = await Promise.all([
      member('ana'),
      member('stranger'),
      member('friend'),
    ]);
    await befriend(stack.server, ana, friend);
    const friendsOnly = await publish(ana, { visibility: 'friendsOnly' });
    const draft = await publish(ana, { status: 'draft' });
    const closed = await publish(ana, { allowSharing: false });
    const refused = await api(stranger).post(`/posts/${friendsOnly.id}/repost`).expect(404);
    expect(refused.body).toMatchObject({ error: { message: 'Post not found' } });
    await api(stranger).post(`/posts/not-a-uuid/repost`).expect(404);
    await api(stranger).post(`/posts/${randomUUID()}/repost`).expect(404);
    await api(ana).post(`/posts/${draft.id}/repost`).expect(400);
    await api(friend).post(`/posts/${closed.id}/repost`).expect(403);
    await api(friend).post(`/posts/${friendsOnly.id}/repost`).expect(200);
    expect((await readPost(ana, friendsOnly.id)).reposts).toBe(1);
  });

  it("shows a repost in the reposter's followers' and friends' feeds with who reposted it, only to readers who may see the original", async () => {
    const [ana, bo, follower, boFriend] = await Promise.all([
      member('ana'),
      member('bo'),
      member('follower'),
      member('bofriend'),
    ]);
    await befriend(stack.server, ana, bo);
    await api(follower).post(`/users/${bo.id}/follow`).expect(200);
    await befriend(stack.server, bo, boFriend);
    const open = await publish(ana);
    const closed = await publish(ana, { visibility: 'friendsOnly' });
    const later = await publish(bo, { title: 'Bo writes' });
    await api(bo).post(`/posts/${open.id}/repost`).expect(200);
    await api(bo).post(`/posts/${closed.id}/repost`).expect(200);

    for (const path of ['/feed', '/test/feed/authors']) {
      const seen = await feedOf(follower, path);
      // The reposts sort where they were made, above Bo's later post; the friends-only one is
      // Ana's friends' alone.
      expect(seen.posts.map((p) => p.id)).toEqual([open.id, later.id]);
      expect(seen.repostedBy[open.id]).toEqual({
        id: bo.id,
        username: bo.username,
        displayName: expect.any(String),
      });
      expect(seen.repostedBy[later.id]).toBeUndefined();
      const theirs = await feedOf(boFriend, path);
      expect(theirs.posts.map((p) => p.id)).toEqual([open.id, later.id]);
    }

    await api(bo).delete(`/posts/${open.id}/repost`).expect(200);
    expect((await feedOf(follower)).posts.map((p) => p.id)).toEqual([later.id]);
    await api(bo).post(`/posts/${open.id}/repost`).expect(200);
    await api(ana).delete(`/posts/${open.id}`).expect(204);
    expect((await feedOf(follower)).posts.map((p) => p.id)).toEqual([later.id]);
  });
});

describe('quotes', () => {
  it('embeds the original, counts and notifies, and reads as unavailable once it is deleted', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const original = await publish(ana, { title: 'The original', content: 'Worth quoting' });
    const socket = await connectAs(stack.server, ana);
    keepSockets(socket);
    await socket.timeout(5000).emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [original.id] });
    const counted = waitForEvent<PostCountsPayload>(
      socket,
      POSTS_SOCKET_EVENTS.counts,
      (c) => c.postId === original.id && c.quotes === 1,
    );

    const quote = await publish(bo, { content: 'So true', quoteOf: original.id });
    expect(quote.quote).toEqual({
      id: original.id,
      author: { id: ana.id, username: ana.username, displayName: expect.any(String), avatar: null },
      title: 'The original',
      excerpt: 'Worth quoting',
      publishedAt: original.publishedAt,
    });
    await counted;
    expect((await readPost(ana, original.id)).quotes).toBe(1);
    const [told] = await notificationsOf(ana, 'quote');
    expect(told).toMatchObject({
      title: `${bo.username} quoted your post`,
      actionUrl: `/post/${quote.id}`,
    });

    await api(ana).delete(`/posts/${original.id}`).expect(204);
    expect((await readPost(bo, quote.id)).quote).toEqual({ unavailable: true });
    expect((await readPost(ana, quote.id)).quote).toEqual({ unavailable: true });
  });

  it('counts a quote in the trash no more, again when it comes back, and once when it is purged', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const original = await publish(ana);
    const quote = await publish(bo, { content: 'Quoted, then trashed', quoteOf: original.id });
    const other = await publish(bo, { quoteOf: original.id });
    await api(bo).post(`/content/${quote.id}/backup`).expect(201);
    const socket = await connectAs(stack.server, ana);
    keepSockets(socket);
    await socket.timeout(5000).emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [original.id] });
    const quotesPushed = (quotes: number) =>
      waitForEvent<PostCountsPayload>(
        socket,
        POSTS_SOCKET_EVENTS.counts,
        (c) => c.postId === original.id && c.quotes === quotes,
      );
    expect((await readPost(ana, original.id)).quotes).toBe(2);

    const lowered = quotesPushed(1);
    await api(bo).delete(`/content/${quote.id}`).expect(204);
    await lowered;
    expect((await readPost(ana, original.id)).quotes).toBe(1);

    const raised = quotesPushed(2);
    await api(bo).post(`/content/${quote.id}/restore`, {}).expect(200);
    await raised;
    expect((await readPost(ana, original.id)).quotes).toBe(2);

    // Trashed again and purged: it was uncounted once, and the purge takes nothing more.
    await api(bo).delete(`/content/${quote.id}`).expect(204);
    const purged = await stack.server.application.commands.run(
      cleanupTrash,
      { actorId: bo.id, userId: null, cutoff: new Date() },
      systemContext(),
    );
    expect(purged.deletedCount).toBe(1);
    expect((await readPost(ana, original.id)).quotes).toBe(1);
    const gone = quotesPushed(0);
    await api(bo).delete(`/posts/${other.id}`).expect(204);
    await gone;
    expect((await readPost(ana, original.id)).quotes).toBe(0);
  });

  it("reads as unavailable to a reader who may not see the original, and can't quote what one may not see", async () => {
    const [ana, friend, stranger] = await Promise.all([
      member('ana'),
      member('friend'),
      member('stranger'),
    ]);
    await befriend(stack.server, ana, friend);
    const closed = await publish(ana, { visibility: 'friendsOnly' });
    const quote = await publish(friend, { content: 'Look', quoteOf: closed.id });
    expect(quote.quote).toMatchObject({ id: closed.id });
    expect((await readPost(stranger, quote.id)).quote).toEqual({ unavailable: true });

    const refused = await api(stranger)
      .post('/posts', { title: 'Q', content: 'x', status: 'published', quoteOf: closed.id })
      .expect(400);
    expect(refused.body).toMatchObject({ error: { code: 'quote-unavailable' } });
    await api(friend)
      .post('/posts', { title: 'Q', content: 'x', status: 'draft', quoteOf: closed.id })
      .expect(400);
    expect((await readPost(ana, closed.id)).quotes).toBe(1);
  });
});

it('rebuilds reposts, quotes and their counts exactly', async () => {
  const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
  const posts = await Promise.all([publish(ana), publish(ana), publish(bo)]);
  await api(bo).post(`/posts/${posts[0]!.id}/repost`).expect(200);
  await api(cy).post(`/posts/${posts[0]!.id}/repost`).expect(200);
  await api(cy).post(`/posts/${posts[1]!.id}/repost`).expect(200);
  await api(cy).delete(`/posts/${posts[1]!.id}/repost`).expect(200);
  await api(ana).post(`/posts/${posts[2]!.id}/repost`).expect(200);
  await publish(cy, { quoteOf: posts[0]!.id });
  const gone = await publish(cy, { quoteOf: posts[2]!.id });
  await publish(bo, { quoteOf: posts[1]!.id });
  const trashed = await publish(bo, { quoteOf: posts[0]!.id });
  await api(bo).delete(`/content/${trashed.id}`).expect(204);
  await api(cy).delete(`/posts/${gone.id}`).expect(204);
  await api(ana).delete(`/posts/${posts[1]!.id}`).expect(204);

  const before = await snapshotReadModels(db());
  const mine = (rows: unknown[] | undefined, key: string, id: string) =>
    (rows ?? []).filter((row) => (row as Record<string, unknown>)[key] === id);
  expect(mine(before.reposts, 'post_id', posts[0]!.id)).toHaveLength(2);
  expect(mine(before.reposts, 'post_id', posts[1]!.id)).toHaveLength(0);
  expect(mine(before.post_quotes, 'quoted_id', posts[1]!.id)).toHaveLength(1);
  expect(mine(before.post_quotes, 'quoted_id', posts[2]!.id)).toHaveLength(0);
  await rebuild(db());
  expect(await snapshotReadModels(db())).toEqual(before);
});
