import { sql } from 'kysely';
import request from 'supertest';
import type { FeedPage, Post, Trending } from '../../shared/posts';
import { MAX_POST_MEDIA, postsMessages } from '../../shared/posts';
import { readTrending } from '../../server/domains/posts/trending-read';
import { postViews } from '../../server/domains/posts/views';
import {
  as,
  befriend,
  countEvents,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { cdnPath, clipWebm, png, textOf, uploaded } from '../support/media-fixtures';
import { rebuild } from '../support/model';
import { startTestServer, useServerWithDatabase } from '../support/test-server';

// Views are written when a test says so (or at stop), never by the worker's timer mid-test.
const QUIET = { POST_VIEWS_FLUSH_MS: '3600000' };
const stack = useServerWithDatabase({ env: QUIET });
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

async function publish(author: TestMember, fields: object = {}): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words here', status: 'published', ...fields })
    .expect(201);
  return res.body as Post;
}

const image = async (member: TestMember, fields: Record<string, string> = {}) =>
  (await uploaded(stack.server, member, { buffer: await png(), filename: 'a.png' }, { fields }))
    .file;
const video = async (member: TestMember) =>
  (
    await uploaded(
      stack.server,
      member,
      { buffer: clipWebm(), filename: 'clip.webm' },
      { folder: 'videos' },
    )
  ).file;

/** A file's bytes through `/cdn` as `member` (or nobody): the status. */
async function load(url: string, member?: TestMember): Promise<number> {
  const test = request(stack.server.url).get(cdnPath(url));
  if (member) test.set('cookie', member.cookie);
  return (await test).status;
}

/** The ids of `posts` that are among `mine`, in the order answered: other tests post too. */
const among = (posts: Post[], mine: Post[]) =>
  posts.map((post) => post.id).filter((id) => mine.some((post) => post.id === id));

/** Moves the post's publication into the past, as if it had been published `hours` ago. */
async function publishedHoursAgo(post: Post, hours: number): Promise<void> {
  await db()
    .updateTable('posts')
    .set({ published_at: new Date(Date.now() - hours * 3_600_000) })
    .where('id', '=', post.id)
    .execute();
}

describe('media on posts', () => {
  it('attaches the author’s own images and videos, in order, and refuses any other file alike', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const [photo, clip, bensPhoto] = [await image(ana), await video(ana), await image(ben)];
    const notes = (await uploaded(stack.server, ana, { buffer: textOf(20), filename: 'notes.txt' }))
      .file;
    expect([photo.isPublic, clip.kind, notes.kind]).toEqual([false, 'video', 'document']);

    const post = await publish(ana, { mediaIds: [clip.id, photo.id, clip.id] });
    expect(post.media.map((m) => [m.id, m.kind])).toEqual([
      [clip.id, 'video'],
      [photo.id, 'image'],
    ]);
    const [attachedClip, attachedPhoto] = post.media;
    expect(attachedPhoto).toMatchObject({
      key: photo.key,
      name: photo.name,
      mimeType: 'image/png',
      dimensions: { width: 64, height: 48 },
      posterUrl: null,
    });
    // Unsigned, even for a private file: `/cdn` asks whether the reader may see the post.
    expect(attachedPhoto!.url).not.toContain('sig=');
    expect(attachedPhoto!.thumbnailUrl).toContain(attachedPhoto!.url);
    expect(attachedClip!.duration).toBeGreaterThan(0);
    expect((await api(ana).get(`/posts/${post.id}`).expect(200)).body.media).toEqual(post.media);

    const before = await countEvents(db());
    const refusals = await Promise.all(
      [bensPhoto.id, notes.id, crypto.randomUUID()].map((id) =>
        api(ana).post('/posts', { title: 'T', mediaIds: [photo.id, id] }),
      ),
    );
    expect(refusals.map((res) => res.status)).toEqual([400, 400, 400]);
    for (const res of refusals) {
      expect(res.body.error).toEqual({
        code: 'media-not-yours',
        message: postsMessages.mediaNotYours,
        fields: { mediaIds: postsMessages.mediaNotYours },
      });
    }
    const edit = await api(ana).patch(`/posts/${post.id}`, { mediaIds: [bensPhoto.id] });
    expect(edit.status).toBe(400);
    const tooMany = Array.from({ length: MAX_POST_MEDIA + 1 }, () => crypto.randomUUID());
    await api(ana).post('/posts', { mediaIds: tooMany }).expect(400);
    expect(await countEvents(db())).toBe(before);

    // An edit of anything else keeps the media; one of the media replaces them in its order.
    const retitled = await api(ana).patch(`/posts/${post.id}`, { title: 'New' }).expect(200);
    expect(retitled.body.media.map((m: { id: string }) => m.id)).toEqual([clip.id, photo.id]);
    const reordered = await api(ana)
      .patch(`/posts/${post.id}`, { mediaIds: [photo.id] })
      .expect(200);
    expect(reordered.body.media.map((m: { id: string }) => m.id)).toEqual([photo.id]);
  });

  it('lets whoever may see the post load its private files, and nobody else', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const [photo, clip, unattached] = [await image(ana), await video(ana), await image(ana)];
    const post = await publish(ana, {
      visibility: 'friendsOnly',
      mediaIds: [photo.id, clip.id],
    });
    const [photoUrl, clipUrl] = post.media.map((m) => m.url) as [string, string];
    const unattachedUrl = photoUrl.replace(photo.key, unattached.key);

    expect(await load(photoUrl, ana)).toBe(200);
    expect(await load(photoUrl, friend)).toBe(200);
    expect(await load(clipUrl, friend)).toBe(200);
    expect(await load(post.media[0]!.thumbnailUrl!, friend)).toBe(200);
    expect(await load(unattachedUrl, friend)).toBe(404);
    expect(await load(photoUrl, stranger)).toBe(404);
    expect(await load(photoUrl)).toBe(404);

    // The files go with the post: back to draft, and the friend may no longer load them.
    await api(ana).patch(`/posts/${post.id}`, { status: 'draft' }).expect(200);
    expect(await load(photoUrl, friend)).toBe(404);
    expect(await load(photoUrl, ana)).toBe(200);

    // A public post opens its private files to every member but those blocked either way.
    const open = await publish(ana, { visibility: 'public', mediaIds: [unattached.id] });
    expect(await load(open.media[0]!.url, stranger)).toBe(200);
    await api(stranger).post('/friends/blocks', { userId: ana.id }).expect(201);
    expect(await load(open.media[0]!.url, stranger)).toBe(404);
  });

  it('rebuilds the attached files from the log exactly', async () => {
    const before = await snapshotTable(db(), 'post_media');
    expect(before.length).toBeGreaterThan(3);
    await rebuild(db());
    expect(await snapshotTable(db(), 'post_media')).toEqual(before);
  });
});

describe('video posts', () => {
  it('lists the posts with a video the member may see, newest first, a page at a time', async () => {
    const [ana, friend, stranger, viewer] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, viewer);
    await befriend(stack.server, friend, viewer);
    const openVideo = await publish(ana, {
      visibility: 'public',
      mediaIds: [(await video(ana)).id],
    });
    const photoOnly = await publish(ana, { mediaIds: [(await image(ana)).id] });
    const draft = (
      await api(ana)
        .post('/posts', { title: 'Draft', mediaIds: [(await video(ana)).id] })
        .expect(201)
    ).body as Post;
    const friendsVideo = await publish(friend, {
      visibility: 'friendsOnly',
      mediaIds: [(await image(friend)).id, (await video(friend)).id],
    });
    const strangersHidden = await publish(stranger, {
      visibility: 'friendsOnly',
      mediaIds: [(await video(stranger)).id],
    });
    const strangersPublic = await publish(stranger, {
      visibility: 'public',
      mediaIds: [(await video(stranger)).id],
    });
    const mine = [openVideo, photoOnly, draft, friendsVideo, strangersHidden, strangersPublic];

    const page = (await api(viewer).get('/videos').expect(200)).body as FeedPage;
    expect(among(page.posts, mine)).toEqual([strangersPublic.id, friendsVideo.id, openVideo.id]);
    expect(page.posts.every((post) => post.media.some((m) => m.kind === 'video'))).toBe(true);

    // Pages follow one another with no gap and no repeat.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const next = (await api(viewer).get(`/videos?limit=1${query}`).expect(200)).body as FeedPage;
      seen.push(...next.posts.map((post) => post.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(page.posts.map((post) => post.id));

    const strangers = (await api(stranger).get('/videos').expect(200)).body as FeedPage;
    expect(among(strangers.posts, mine)).toEqual([
      strangersPublic.id,
      strangersHidden.id,
      openVideo.id,
    ]);
    await api(viewer).post('/friends/blocks', { userId: stranger.id }).expect(201);
    const afterBlock = (await api(viewer).get('/videos').expect(200)).body as FeedPage;
    expect(among(afterBlock.posts, mine)).toEqual([friendsVideo.id, openVideo.id]);
    await api(viewer).get('/videos?limit=51').expect(400);
  });
});

describe('trending', () => {
  /** Likes, comments and shares of `post` by members made for it. */
  async function engage(
    post: Post,
    counts: { likes?: number; comments?: number; shares?: number },
  ) {
    const most = Math.max(counts.likes ?? 0, counts.comments ?? 0, counts.shares ?? 0);
    const fans = await signUpMembers(stack.server, most);
    for (const [index, fan] of fans.entries()) {
      if (index < (counts.likes ?? 0)) await api(fan).post(`/posts/${post.id}/like`).expect(200);
      if (index < (counts.comments ?? 0)) {
        await api(fan).post(`/posts/${post.id}/comments`, { content: 'Nice' }).expect(201);
      }
      if (index < (counts.shares ?? 0)) {
        await api(fan).post(`/posts/${post.id}/share`, { channel: 'link' }).expect(200);
      }
    }
  }

  it('ranks what the member may see by engagement with time decay, within the window', async () => {
    const [ana, friend, viewer] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const quiet = await publish(ana, { visibility: 'public' });
    const liked = await publish(ana, { visibility: 'public' });
    const talkedAbout = await publish(ana, { visibility: 'public' });
    const olderButLiked = await publish(ana, { visibility: 'public' });
    const lastWeek = await publish(ana, { visibility: 'public' });
    const forFriends = await publish(ana, { visibility: 'friendsOnly' });
    const kept = await publish(ana, { visibility: 'private' });
    await engage(liked, { likes: 2 });
    // 1 comment and 1 share weigh 2 + 3: more than 2 likes.
    await engage(talkedAbout, { comments: 1, shares: 1 });
    // Three likes 10 hours ago weigh less than two just now: 3 / 12^1.5 < 2 / 2^1.5.
    await engage(olderButLiked, { likes: 3 });
    await publishedHoursAgo(olderButLiked, 10);
    await engage(lastWeek, { likes: 10 });
    await publishedHoursAgo(lastWeek, 3 * 24);
    await api(friend).post(`/posts/${forFriends.id}/like`).expect(200);
    const mine = [quiet, liked, talkedAbout, olderButLiked, lastWeek, forFriends, kept];

    const trending = async (member: TestMember, window = '24h') => {
      const res = await api(member).get(`/trending?window=${window}&limit=50`).expect(200);
      expect((res.body as Trending).window).toBe(window);
      return among((res.body as Trending).posts, mine);
    };
    // A stranger sees ana's public posts here, though never in their feed.
    expect(await trending(viewer)).toEqual([talkedAbout.id, liked.id, olderButLiked.id, quiet.id]);
    expect(await trending(friend)).toEqual([
      talkedAbout.id,
      liked.id,
      forFriends.id,
      olderButLiked.id,
      quiet.id,
    ]);
    const week = await trending(viewer, '7d');
    expect(week).toContain(lastWeek.id);
    expect(week.indexOf(lastWeek.id)).toBeGreaterThan(week.indexOf(olderButLiked.id));
    // The author sees their private post ranked with the rest.
    expect(await trending(ana)).toContain(kept.id);

    await api(ana).post('/friends/blocks', { userId: viewer.id }).expect(201);
    expect(await trending(viewer)).toEqual([]);
    await api(viewer).get('/trending?window=30d').expect(400);
  });

  it('finds among the window’s best-scored posts the page the whole window gives', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const visibilities = ['friendsOnly', 'friendsOnly', 'public', 'private', 'public'] as const;
    const posts: Post[] = [];
    for (const visibility of visibilities) posts.push(await publish(ana, { visibility }));
    // Far above anything else of the window, best first, each a tenth apart so that seconds of
    // age do not reorder them: the stranger may see neither of the two best, so a page of theirs
    // from the first two candidates has to look further.
    for (const [rank, post] of posts.entries()) {
      await db()
        .updateTable('posts')
        .set({ likes_count: 1_000_000 - rank * 100_000 })
        .where('id', '=', post.id)
        .execute();
    }
    const now = new Date();
    const page = async (member: TestMember, limit: number, candidates: number) =>
      (await readTrending(db(), member.id, { window: '24h', limit }, now, candidates)).posts.map(
        (post) => post.id,
      );

    expect((await page(stranger, 2, 1_000_000)).slice(0, 2)).toEqual([posts[2]!.id, posts[4]!.id]);
    expect((await page(friend, 3, 1_000_000)).slice(0, 3)).toEqual([
      posts[0]!.id,
      posts[1]!.id,
      posts[2]!.id,
    ]);
    expect((await page(ana, 4, 1_000_000)).slice(0, 4)).toEqual(posts.slice(0, 4).map((p) => p.id));
    for (const member of [ana, friend, stranger]) {
      for (const limit of [1, 2, 3]) {
        const whole = await page(member, limit, 1_000_000);
        for (const candidates of [1, 2, 3, 4, 5]) {
          expect(await page(member, limit, candidates)).toEqual(whole);
        }
      }
    }
  });

  it('answers 20 by default, at most 50', async () => {
    const [viewer] = await signUpMembers(stack.server, 1);
    const res = await api(viewer).get('/trending').expect(200);
    expect(res.body.window).toBe('24h');
    expect(res.body.posts.length).toBeLessThanOrEqual(20);
    await api(viewer).get('/trending?limit=51').expect(400);
  });
});

describe('views', () => {
  const viewedEvents = (postId: string) =>
    db()
      .selectFrom('events')
      .select(['data', sql`transaction_id::text`.as('transaction_id')])
      .where('type', '=', 'PostViewed')
      .where(sql<boolean>`data->>'postId' = ${postId}`)
      .orderBy('global_position')
      .execute();
  const views = async (member: TestMember, post: Post) =>
    ((await api(member).get(`/posts/${post.id}`).expect(200)).body as Post).views;
  const flush = () => postViews(stack.server.application.deps).flush();

  it('counts each member once, never the author, and writes one event per post per flush', async () => {
    const [ana, ...viewers] = await signUpMembers(stack.server, 6);
    const post = await publish(ana, { visibility: 'public' });
    const other = await publish(ana, { visibility: 'public' });
    const hidden = await publish(ana, { visibility: 'private' });

    for (let round = 0; round < 3; round += 1) {
      for (const viewer of viewers) await api(viewer).post(`/posts/${post.id}/view`).expect(204);
    }
    await api(ana).post(`/posts/${post.id}/view`).expect(204);
    await api(ana).post(`/posts/${post.id}/view`).expect(204);
    await api(viewers[0]!).post(`/posts/${other.id}/view`).expect(204);
    await api(viewers[0]!).post(`/posts/${hidden.id}/view`).expect(404);
    await api(viewers[0]!).post(`/posts/${crypto.randomUUID()}/view`).expect(404);
    await api(viewers[0]!).post('/posts/not-an-id/view').expect(404);
    // Counted in memory until the flush.
    expect(await views(ana, post)).toBe(0);
    expect(await viewedEvents(post.id)).toEqual([]);

    await flush();
    const [first, ...rest] = await viewedEvents(post.id);
    expect(rest).toEqual([]);
    expect(first!.data).toEqual({ postId: post.id, views: viewers.length });
    const [otherEvent] = await viewedEvents(other.id);
    expect(otherEvent!.data).toEqual({ postId: other.id, views: 1 });
    // Both posts' counts went in one transaction.
    expect(otherEvent!.transaction_id).toBe(first!.transaction_id);
    expect(await views(viewers[1]!, post)).toBe(viewers.length);
    expect(await viewedEvents(hidden.id)).toEqual([]);

    // The same members again count no more; a new one does, in the next flush.
    const [late] = await signUpMembers(stack.server, 1);
    for (const viewer of [...viewers, late]) {
      await api(viewer).post(`/posts/${post.id}/view`).expect(204);
    }
    await flush();
    await flush();
    expect((await viewedEvents(post.id)).map((event) => event.data)).toEqual([
      { postId: post.id, views: viewers.length },
      { postId: post.id, views: 1 },
    ]);
    const stats = await api(ana).get('/posts/mine/stats').expect(200);
    expect(stats.body.totalViews).toBe(viewers.length + 2);
  });

  it('writes what is pending when the server stops', async () => {
    const [ana, viewer] = await signUpMembers(stack.server, 2);
    const post = await publish(ana, { visibility: 'public' });
    const other = await startTestServer(stack.database.url, { env: QUIET });
    try {
      await request(other.url)
        .post(`/api/posts/${post.id}/view`)
        .set('cookie', viewer.cookie)
        .expect(204);
    } finally {
      await other.close();
    }
    expect((await viewedEvents(post.id)).map((event) => event.data)).toEqual([
      { postId: post.id, views: 1 },
    ]);
    expect(await views(ana, post)).toBe(1);
  });
});
