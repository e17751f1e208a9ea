import { systemContext } from '../../server/core/context';
import { cleanupTrash } from '../../server/domains/content-history/cleanup';
import {
  POSTS_SOCKET_EVENTS,
  type HomeFeedPage,
  type Post,
  type PostNewPayload,
  type RepostUndonePayload,
} from '../../shared/posts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/social/notifications';
import {
  badgesOf,
  befriend,
  queuedEmails,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { socialKit, useSockets } from '../support/social-kit';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const { api, db, member, publish, readPost, notificationsOf } = socialKit(stack);
const keepSockets = useSockets();

const follow = (who: TestMember, whom: TestMember) =>
  api(who).post(`/users/${whom.id}/follow`).expect(200);

describe('a deleted quote', () => {
  it("withdraws the quote notification of the original's author, unless the member quotes it in another post", async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const original = await publish(ana);
    const first = await publish(bo, { content: 'One', quoteOf: original.id });
    const second = await publish(bo, { content: 'Two', quoteOf: original.id });
    expect(await notificationsOf(ana, 'quote')).toHaveLength(1);
    expect(await badgesOf(stack.server, ana)).toMatchObject({ notifications: 1 });

    await api(bo).delete(`/posts/${second.id}`).expect(204);
    const [kept] = await notificationsOf(ana, 'quote');
    expect(kept).toMatchObject({ title: `${bo.username} quoted your post`, actorCount: 1 });
    expect((await readPost(ana, original.id)).quotes).toBe(1);

    await api(bo).delete(`/posts/${first.id}`).expect(204);
    expect(await notificationsOf(ana, 'quote')).toEqual([]);
    expect(await badgesOf(stack.server, ana)).toMatchObject({ notifications: 0 });
    expect((await readPost(ana, original.id)).quotes).toBe(0);
  });

  it('leaves the other quoters in a grouped notification, and withdraws when purged from the trash', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const original = await publish(ana);
    await publish(bo, { quoteOf: original.id });
    const cys = await publish(cy, { quoteOf: original.id });
    expect((await notificationsOf(ana, 'quote'))[0]).toMatchObject({ actorCount: 2 });

    // In the trash it still counts and names Cy; purged, it does neither.
    await api(cy).delete(`/content/${cys.id}`).expect(204);
    expect((await notificationsOf(ana, 'quote'))[0]).toMatchObject({ actorCount: 2 });
    const purged = await stack.server.application.commands.run(
      cleanupTrash,
      { actorId: cy.id, userId: null, cutoff: new Date(Date.now() + 1000) },
      systemContext(),
    );
    expect(purged.deletedCount).toBe(1);
    const [left] = await notificationsOf(ana, 'quote');
    expect(left).toMatchObject({ title: `${bo.username} quoted your post`, actorCount: 1 });
    expect((await readPost(ana, original.id)).quotes).toBe(1);

    const before = await snapshotReadModels(db());
    await rebuild(db());
    expect(await snapshotReadModels(db())).toEqual(before);
  });
});

describe('repost and quote emails', () => {
  it('go to an author who turned them on, once per member for reposts, and to nobody by default', async () => {
    const [ana, bo, cy, quiet] = await Promise.all([
      member('ana'),
      member('bo'),
      member('cy'),
      member('quiet'),
    ]);
    await api(ana)
      .put('/me/notification-preferences', {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        repost: { inApp: true, email: true },
        quote: { inApp: true, email: true },
      })
      .expect(200);
    const post = await publish(ana, { title: 'Harbour notes' });
    const quiets = await publish(quiet, { title: 'Quiet notes' });

    await api(bo).post(`/posts/${post.id}/repost`).expect(200);
    await api(bo).delete(`/posts/${post.id}/repost`).expect(200);
    await api(bo).post(`/posts/${post.id}/repost`).expect(200);
    await api(ana).post(`/posts/${post.id}/repost`).expect(200);
    const reposted = await queuedEmails(db(), ana.email, 'Repost');
    expect(reposted).toHaveLength(1);
    expect(reposted[0]).toMatchObject({
      subject: `${bo.username} reposted your post "Harbour notes"`,
    });
    expect(reposted[0]!.text_body).toContain(`/post/${post.id}`);

    const quote = await publish(cy, { content: 'Worth reading', quoteOf: post.id });
    const quoted = await queuedEmails(db(), ana.email, 'Quote');
    expect(quoted).toHaveLength(1);
    expect(quoted[0]).toMatchObject({ subject: `${cy.username} quoted your post "Harbour notes"` });
    expect(quoted[0]!.text_body).toContain(`/post/${quote.id}`);
    // A friends-only quote the author may not see tells them nothing, by email neither.
    await publish(cy, { visibility: 'friendsOnly', quoteOf: post.id });
    expect(await queuedEmails(db(), ana.email, 'Quote')).toHaveLength(1);

    await api(bo).post(`/posts/${quiets.id}/repost`).expect(200);
    await publish(bo, { quoteOf: quiets.id });
    expect(await notificationsOf(quiet, 'repost')).toHaveLength(1);
    expect(await queuedEmails(db(), quiet.email, 'Repost')).toEqual([]);
    expect(await queuedEmails(db(), quiet.email, 'Quote')).toEqual([]);
  });
});

describe('reposts in open feeds', () => {
  it('signals a repost as a new post to the readers whose feed it joins and who may see it, and its undo', async () => {
    const [ana, bo, follower, stranger, dee] = await Promise.all([
      member('ana'),
      member('bo'),
      member('follower'),
      member('stranger'),
      member('dee'),
    ]);
    await befriend(stack.server, ana, bo);
    await follow(follower, bo);
    await follow(stranger, bo);
    await follow(stranger, dee);
    const open = await publish(ana, { title: 'Open' });
    const closed = await publish(ana, { visibility: 'friendsOnly' });
    const [followers, strangers] = await Promise.all([
      connectAs(stack.server, follower),
      connectAs(stack.server, stranger),
    ]);
    keepSockets(followers, strangers);
    const heard: PostNewPayload[] = [];
    strangers.on(POSTS_SOCKET_EVENTS.new, (p: PostNewPayload) => heard.push(p));

    const signalled = waitForEvent<PostNewPayload>(followers, POSTS_SOCKET_EVENTS.new);
    await api(bo).post(`/posts/${open.id}/repost`).expect(200);
    const told = await signalled;
    expect(told).toEqual({
      postId: open.id,
      authorId: ana.id,
      publishedAt: open.publishedAt,
      repost: {
        by: { id: bo.id, username: bo.username, displayName: expect.any(String) },
        at: expect.any(String),
      },
    });

    // The stranger may not see the friends-only post: its repost reaches them as nothing. Dee's
    // repost after it is pushed after it, so once it arrives nothing else is on the way.
    await api(bo).post(`/posts/${closed.id}/repost`).expect(200);
    const barrier = await publish(dee);
    const later = waitForEvent<PostNewPayload>(strangers, POSTS_SOCKET_EVENTS.new, (p) => {
      return p.postId === barrier.id && p.repost !== undefined;
    });
    await api(dee).post(`/posts/${barrier.id}/repost`).expect(200);
    await later;
    expect(heard.map((p) => p.postId)).not.toContain(closed.id);
    expect(heard.filter((p) => p.postId === open.id)).toHaveLength(1);

    const withdrawn = waitForEvent<RepostUndonePayload>(
      followers,
      POSTS_SOCKET_EVENTS.repostUndone,
    );
    await api(bo).delete(`/posts/${open.id}/repost`).expect(200);
    expect(await withdrawn).toEqual({ postId: open.id, repostedById: bo.id });
  });
});

describe('the home feed with reposts', () => {
  const pagesOf = async (who: TestMember, path: string, limit: number) => {
    const pages: HomeFeedPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page = (await api(who).get(`${path}?limit=${limit}${query}`).expect(200))
        .body as HomeFeedPage;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return pages.map((page) => page.posts.map((post) => post.id));
  };

  it('shows each post once, at its newest entry among the reader’s sources, on every page', async () => {
    const [ana, bo, cy, reader] = await Promise.all([
      member('ana'),
      member('bo'),
      member('cy'),
      member('reader'),
    ]);
    await follow(reader, ana);
    await follow(reader, bo);
    await follow(reader, cy);
    const [a1, a2, a3, a4] = [
      await publish(ana),
      await publish(ana),
      await publish(ana),
      await publish(ana),
    ].map((post) => post.id);
    await api(bo).post(`/posts/${a1}/repost`).expect(200);
    await api(cy).post(`/posts/${a2}/repost`).expect(200);
    await api(bo).post(`/posts/${a2}/repost`).expect(200);

    for (const path of ['/feed', '/test/feed/authors']) {
      expect(await pagesOf(reader, path, 2)).toEqual([
        [a2!, a1!],
        [a4!, a3!],
      ]);
      const [top] = (await api(reader).get(`${path}?limit=1`).expect(200)).body.posts as Post[];
      expect(top!.id).toBe(a2);
    }
    const first = (await api(reader).get('/feed?limit=2').expect(200)).body as HomeFeedPage;
    expect(first.repostedBy[a2!]).toMatchObject({ id: bo.id });

    // Reposted after the reader took a page above it, a post leaves the pages below: it is
    // found above the reader's top with whatever else is new.
    const top = (await api(reader).get('/feed?limit=3').expect(200)).body as HomeFeedPage;
    expect(top.posts.map((post) => post.id)).toEqual([a2, a1, a4]);
    await api(cy).post(`/posts/${a3}/repost`).expect(200);
    const below = (
      await api(reader)
        .get(`/feed?limit=3&cursor=${encodeURIComponent(top.nextCursor!)}`)
        .expect(200)
    ).body as HomeFeedPage;
    expect(below.posts).toEqual([]);
    expect((await pagesOf(reader, '/feed', 10)).flat()).toEqual([a3, a2, a1, a4]);

    // Undone, the repost gives the post back its own place.
    await api(cy).delete(`/posts/${a3}/repost`).expect(200);
    expect((await pagesOf(reader, '/feed', 10)).flat()).toEqual([a2, a1, a4, a3]);
  });
});
