import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { sql, type Kysely } from 'kysely';
import * as notificationActorsMigration from '../../migrations/20261201T100000-notification-actors';
import {
  POSTS_SOCKET_EVENTS,
  type Post,
  type PostCountsPayload,
  type PostLikeState,
  type WatchPostsAck,
} from '../../shared/posts';
import { notificationsPageSchema, type Notification } from '../../shared/social/notifications';
import { as, badgesOf, signUpMembers, snapshotTable, type TestMember } from '../support/factories';
import { readNotificationsPage } from '../../server/domains/notifications/notifications-read';
import { model, rebuild } from '../support/model';
import { connectAs, useServerWithDatabase } from '../support/test-server';

// Each test signs members up (argon2): on a loaded machine that outlasts the default 5 s.
jest.setTimeout(120_000);

/** A window long enough that a burst of likes folds into a few pushes on any machine. */
const WINDOW_MS = 300;
const stack = useServerWithDatabase({ env: { POST_COUNTS_PUSH_WINDOW_MS: String(WINDOW_MS) } });
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function publish(author: TestMember): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words here', status: 'published' })
    .expect(201);
  return res.body as Post;
}

const like = async (member: TestMember, post: Post) =>
  (await api(member).post(`/posts/${post.id}/like`).expect(200)).body as PostLikeState;
const unlike = (member: TestMember, post: Post) =>
  api(member).delete(`/posts/${post.id}/like`).expect(200);

async function notificationsOf(member: TestMember): Promise<Notification[]> {
  return notificationsPageSchema.parse((await api(member).get('/notifications').expect(200)).body)
    .notifications;
}

/** The author's notification about the post, as they read it. */
async function aboutPost(author: TestMember, post: Post): Promise<Notification[]> {
  return (await notificationsOf(author)).filter((n) => n.actionUrl === `/post/${post.id}`);
}

/** The actor rows of the member's notifications, newest first within each. */
async function actorRows(userId: string) {
  const { rows } = await sql<{ notification_id: string; actor_id: string; actor_count: number }>`
    select a.notification_id, a.actor_id, n.actor_count from notification_actors a
    join notifications n on n.id = a.notification_id
    where n.user_id = ${userId}::uuid
    order by a.notification_id, a.position desc`.execute(db());
  return rows;
}

/** Every count of a post's likes the read models keep, side by side. */
async function likeCounts(post: Post) {
  const { rows } = await sql<{
    likes_count: number;
    like_rows: number;
    total: number;
    actor_count: number;
    actor_rows: number;
  }>`
    select p.likes_count,
      (select count(*) from post_likes l where l.post_id = p.id)::int as like_rows,
      (select total from likes_received r where r.user_id = p.author_id) as total,
      (select coalesce(sum(n.actor_count), 0) from notifications n
        where n.user_id = p.author_id and n.group_key = 'post_liked:' || p.id)::int as actor_count,
      (select count(*) from notification_actors a join notifications n on n.id = a.notification_id
        where n.user_id = p.author_id and n.group_key = 'post_liked:' || p.id)::int as actor_rows
    from posts p where p.id = ${post.id}::uuid`.execute(db());
  return rows[0]!;
}

describe('the actors of a grouped notification', () => {
  it('are rows of their own: the count and the three newest names come from them', async () => {
    const [author, ...likers] = await signUpMembers(stack.server, 6);
    const post = await publish(author);
    for (const liker of likers) await like(liker, post);

    const [grouped] = await aboutPost(author, post);
    const newest = [...likers].reverse();
    expect(grouped).toMatchObject({
      title: `${newest[0]!.username} and 4 others liked your post`,
      actorCount: 5,
    });
    expect(grouped!.actors.map((a) => a.id)).toEqual(newest.slice(0, 3).map((m) => m.id));
    const rows = await actorRows(author.id);
    expect(rows.map((r) => r.actor_id)).toEqual(newest.map((m) => m.id));
    expect(rows.every((r) => r.actor_count === 5)).toBe(true);
  });

  it('lose an actor who takes the like back, and take them again at the front', async () => {
    const [author, ana, bo, cy] = await signUpMembers(stack.server, 4);
    const post = await publish(author);
    for (const liker of [ana, bo, cy]) await like(liker, post);

    await unlike(bo, post);
    let [grouped] = await aboutPost(author, post);
    expect(grouped).toMatchObject({ title: `${cy.username} and 1 other liked your post` });
    expect(grouped!.actors.map((a) => a.id)).toEqual([cy.id, ana.id]);
    expect((await actorRows(author.id)).map((r) => r.actor_id)).toEqual([cy.id, ana.id]);

    await like(bo, post);
    [grouped] = await aboutPost(author, post);
    expect(grouped!.actors.map((a) => a.id)).toEqual([bo.id, cy.id, ana.id]);
    expect(grouped!.actorCount).toBe(3);
  });

  it('keep one row for an actor who acts again, moved to the front', async () => {
    const [author, ana, bo] = await signUpMembers(stack.server, 3);
    const post = await publish(author);
    await api(ana).post(`/posts/${post.id}/share`, { channel: 'x' }).expect(200);
    await api(bo).post(`/posts/${post.id}/share`, { channel: 'x' }).expect(200);
    await api(ana).post(`/posts/${post.id}/share`, { channel: 'link' }).expect(200);
    const [shared] = await aboutPost(author, post);
    expect(shared).toMatchObject({
      type: 'post_shared',
      title: `${ana.username} and 1 other shared your post`,
      actorCount: 2,
    });
    expect(shared!.actors.map((a) => a.id)).toEqual([ana.id, bo.id]);
    expect(await actorRows(author.id)).toHaveLength(2);
  });

  it('stay with a notification once read; a later like starts a new one, an unlike leaves both', async () => {
    const [author, ana, bo, cy] = await signUpMembers(stack.server, 4);
    const post = await publish(author);
    await like(ana, post);
    await like(bo, post);
    await api(author).post('/notifications/read-all').expect(204);
    await like(cy, post);

    let [unread, read] = await aboutPost(author, post);
    expect(unread).toMatchObject({ read: false, actorCount: 1 });
    expect(unread!.actors.map((a) => a.id)).toEqual([cy.id]);
    expect(read).toMatchObject({ read: true, actorCount: 2 });
    expect(read!.actors.map((a) => a.id)).toEqual([bo.id, ana.id]);
    expect((await badgesOf(stack.server, author)).notifications).toBe(1);

    await unlike(bo, post);
    [unread, read] = await aboutPost(author, post);
    expect(unread).toMatchObject({ read: false, actorCount: 1 });
    expect(read).toMatchObject({ read: true, actorCount: 1 });
    expect(read!.actors.map((a) => a.id)).toEqual([ana.id]);

    // The last actor of the unread one taken back: it goes, and the badge with it.
    await unlike(cy, post);
    expect((await aboutPost(author, post)).map((n) => n.read)).toEqual([true]);
    expect((await badgesOf(stack.server, author)).notifications).toBe(0);
  });

  it('leave with an erased member: their groups lose them, one left without actors goes', async () => {
    const [author, ana, bo] = await signUpMembers(stack.server, 3);
    const [shared, theirsAlone] = [await publish(author), await publish(author)];
    await like(ana, shared);
    await like(bo, shared);
    await like(bo, theirsAlone);
    expect((await badgesOf(stack.server, author)).notifications).toBe(2);

    await api(bo).post('/me/delete', { password: bo.password, confirmation: 'DELETE' }).expect(204);

    const left = await notificationsOf(author);
    expect(left.map((n) => [n.actionUrl, n.actorCount, n.actors.map((a) => a.id)])).toEqual([
      [`/post/${shared.id}`, 1, [ana.id]],
    ]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from notification_actors where actor_id = ${bo.id}::uuid`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(0);
    expect((await badgesOf(stack.server, author)).notifications).toBe(1);
  });
});

describe('counts under concurrent likes', () => {
  it('end with count = like rows = Total Likes = the notification’s actors, whatever the order', async () => {
    const [author, ...likers] = await signUpMembers(stack.server, 25);
    const post = await publish(author);
    await Promise.all(likers.map((liker) => like(liker, post)));
    expect(await likeCounts(post)).toEqual({
      likes_count: 24,
      like_rows: 24,
      total: 24,
      actor_count: 24,
      actor_rows: 24,
    });

    // Half take theirs back while the other half like a second post of the author's, at once.
    const second = await publish(author);
    await Promise.all(
      likers.map((liker, i) => (i % 2 === 0 ? unlike(liker, post) : like(liker, second))),
    );
    expect(await likeCounts(post)).toEqual({
      likes_count: 12,
      like_rows: 12,
      total: 24,
      actor_count: 12,
      actor_rows: 12,
    });
    expect((await likeCounts(second)).likes_count).toBe(12);
    const totals = await api(author).get('/me/likes-received').expect(200);
    expect(totals.body.total).toBe(24);
    expect((await badgesOf(stack.server, author)).notifications).toBe(2);
  });
});

describe('the counts pushed to a watched post', () => {
  it('reach every watcher as rising versions in fewer pushes than likes, ending at the last', async () => {
    const [author, first, second, ...likers] = await signUpMembers(stack.server, 22);
    const post = await publish(author);
    const watchers = await Promise.all(
      [first, second].map(async (member) => {
        const socket = await connectAs(stack.server, member!);
        sockets.push(socket);
        const pushed: PostCountsPayload[] = [];
        socket.on(POSTS_SOCKET_EVENTS.counts, (c: PostCountsPayload) => {
          if (c.postId === post.id) pushed.push(c);
        });
        const ack = (await socket
          .timeout(5000)
          .emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [post.id] })) as WatchPostsAck;
        expect(ack.watching).toEqual([post.id]);
        return { socket, pushed };
      }),
    );

    const answers = await Promise.all(likers.map((liker) => like(liker, post)));
    const last = answers.reduce((a, b) => (b.version > a.version ? b : a));
    expect(last.likes).toBe(likers.length);
    for (const { pushed } of watchers) {
      // However busy the machine, the last count arrives; the test waits for it, or fails.
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !pushed.some((c) => c.version >= last.version)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(pushed.at(-1)).toMatchObject({ likes: likers.length, version: last.version });
      const versions = pushed.map((c) => c.version);
      expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
      expect(pushed.length).toBeLessThan(likers.length);
      // Each push carries the count of its version, as the likes were answered.
      const countAt = new Map(answers.map((a) => [a.version, a.likes]));
      for (const c of pushed) {
        if (countAt.has(c.version)) expect(c.likes).toBe(countAt.get(c.version));
      }
    }
  });
});

describe('rebuilding', () => {
  it('reproduces the notifications, their actors, Total Likes and the badges exactly', async () => {
    const tables = ['notifications', 'notification_actors', 'likes_received', 'badges', 'posts'];
    const before = await Promise.all(tables.map((t) => snapshotTable(db(), t)));
    await rebuild(db());
    expect(await Promise.all(tables.map((t) => snapshotTable(db(), t)))).toEqual(before);
  });
});

describe('the notification actors migration', () => {
  it('goes down to arrays and up to rows again, keeping every notification as members read it', async () => {
    const { rows: recipients } = await sql<{ user_id: string }>`
      select distinct user_id from notifications`.execute(db());
    const read = () =>
      Promise.all(
        recipients.map(async ({ user_id }) => {
          const page = await readNotificationsPage(db(), model.meanings, user_id, undefined);
          return page.notifications;
        }),
      );
    const before = await read();
    expect(before.flat().some((n) => n.actorCount > 3)).toBe(true);

    const database = db() as unknown as Kysely<unknown>;
    await notificationActorsMigration.down(database);
    const { rows: arrays } = await sql<{ n: number }>`
      select count(*)::int as n from notifications
      where cardinality(actor_ids) <> actor_count`.execute(db());
    expect(arrays[0]!.n).toBe(0);
    await notificationActorsMigration.up(database);

    expect(await read()).toEqual(before);
  });
});
