import { sql, type Kysely } from 'kysely';
import type { FeedPage, Post, PostVisibility } from '../../shared/posts';
import { fillHomeTimelines } from '../../migrations/20261201T090000-home-timelines';
import { fillTimelineReposts } from '../../migrations/20261215T100000-timeline-reposts';
import {
  as,
  befriend,
  signUp,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

/*
 * Home timelines (server/domains/posts/home-timeline.ts) through the API. The server keeps at
 * most MAX_POSTS a timeline (cutting back now and then) and does not fan out the posts of an
 * author with more than FANOUT_MAX followers, so both the cut-back and the pull path are met by
 * a handful of members. Every feed is also read from the authors' own indexes
 * (`GET /test/feed/authors`, the feed before timelines): the two must always agree.
 */

const MAX_POSTS = 6;
const FANOUT_MAX = 3;

const stack = useServerWithDatabase({
  env: {
    TIMELINE_MAX_POSTS: String(MAX_POSTS),
    FANOUT_MAX_FOLLOWERS: String(FANOUT_MAX),
  },
});
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);
let owner: TestMember;

beforeAll(async () => {
  // The first account becomes the owner, who moderates below.
  owner = await signUp(stack.server);
});

async function publish(author: TestMember, visibility: PostVisibility = 'public'): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words', status: 'published', visibility })
    .expect(201);
  return res.body as Post;
}

/** The post ids a member's timeline holds, newest first. */
async function timeline(member: TestMember): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from home_timelines t join posts p on p.feed_seq = t.feed_seq
    where t.member_id = ${member.id}::uuid order by t.feed_seq desc`.execute(db());
  return rows.map((r) => r.id);
}

/** The whole feed, paged `limit` at a time, from the timeline or from the authors' indexes. */
async function wholeFeed(member: TestMember, path = '/feed', limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await api(member).get(query).expect(200)).body as FeedPage;
    ids.push(...page.posts.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** The feed as the timeline gives it, checked against the authors' indexes. */
async function feed(member: TestMember): Promise<string[]> {
  const fromTimeline = await wholeFeed(member);
  expect(await wholeFeed(member, '/test/feed/authors', 3)).toEqual(fromTimeline);
  return fromTimeline;
}

const ids = (...posts: Post[]) => posts.map((p) => p.id).reverse();

describe('fan-out on write', () => {
  it('lists a post for its author, their friends and their followers, by what each may see', async () => {
    const [ana, friend, follower, stranger] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    await api(follower).post(`/users/${ana.id}/follow`).expect(200);
    const open = await publish(ana, 'public');
    const friendsOnly = await publish(ana, 'friendsOnly');
    const closed = await publish(ana, 'private');

    expect(await timeline(ana)).toEqual(ids(open, friendsOnly, closed));
    expect(await timeline(friend)).toEqual(ids(open, friendsOnly));
    expect(await timeline(follower)).toEqual(ids(open));
    expect(await timeline(stranger)).toEqual([]);
    expect(await feed(ana)).toEqual(ids(open, friendsOnly, closed));
    expect(await feed(friend)).toEqual(ids(open, friendsOnly));
    expect(await feed(follower)).toEqual(ids(open));
    expect(await feed(stranger)).toEqual([]);
  });
});

describe('following and friendship', () => {
  it('brings an author’s posts in when they start and takes them out when they end', async () => {
    const [ana, mia] = await signUpMembers(stack.server, 2);
    const open = await publish(ana, 'public');
    const friendsOnly = await publish(ana, 'friendsOnly');
    const own = await publish(mia, 'public');

    await api(mia).post(`/users/${ana.id}/follow`).expect(200);
    expect(await timeline(mia)).toEqual(ids(open, own));
    await befriend(stack.server, mia, ana);
    expect(await timeline(mia)).toEqual(ids(open, friendsOnly, own));
    expect(await timeline(ana)).toEqual(ids(open, friendsOnly, own));
    expect(await feed(mia)).toEqual(ids(open, friendsOnly, own));

    // Still following: the friends-only post goes, the public one stays.
    await api(mia).delete(`/friends/${ana.id}`).expect(204);
    expect(await timeline(mia)).toEqual(ids(open, own));
    expect(await timeline(ana)).toEqual(ids(open, friendsOnly));
    await api(mia).delete(`/users/${ana.id}/follow`).expect(200);
    expect(await timeline(mia)).toEqual(ids(own));
    expect(await feed(mia)).toEqual(ids(own));
  });

  it('takes every post out both ways when one blocks the other', async () => {
    const [ana, mia] = await signUpMembers(stack.server, 2);
    const anas = await publish(ana, 'public');
    const mias = await publish(mia, 'friendsOnly');
    await befriend(stack.server, ana, mia);
    await api(ana).post(`/users/${mia.id}/follow`).expect(200);
    await api(mia).post(`/users/${ana.id}/follow`).expect(200);
    expect(await timeline(ana)).toEqual(ids(anas, mias));
    expect(await timeline(mia)).toEqual(ids(anas, mias));

    await api(mia).post('/friends/blocks', { userId: ana.id }).expect(201);
    expect(await timeline(ana)).toEqual(ids(anas));
    expect(await timeline(mia)).toEqual(ids(mias));
    expect(await feed(ana)).toEqual(ids(anas));
    expect(await feed(mia)).toEqual(ids(mias));
  });
});

describe('a post that changes', () => {
  it('leaves the timelines when made private, trashed, hidden or deleted, and comes back', async () => {
    const [ana, friend] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, friend);
    const kept = await publish(ana, 'public');
    const post = await publish(ana, 'public');
    const both = ids(kept, post);

    await api(ana).patch(`/posts/${post.id}`, { visibility: 'private' }).expect(200);
    expect(await timeline(friend)).toEqual(ids(kept));
    expect(await timeline(ana)).toEqual(both);
    await api(ana).patch(`/posts/${post.id}`, { visibility: 'friendsOnly' }).expect(200);
    expect(await timeline(friend)).toEqual(both);

    await api(ana).post(`/content/${post.id}/backup`).expect(201);
    await api(ana).delete(`/content/${post.id}`).expect(204);
    expect(await timeline(friend)).toEqual(ids(kept));
    expect(await timeline(ana)).toEqual(ids(kept));
    await api(ana).post(`/content/${post.id}/restore`).expect(200);
    expect(await timeline(friend)).toEqual(both);

    const moderate = (action: 'hide' | 'approve') =>
      api(owner).post('/moderation/actions', {
        targetType: 'post',
        targetId: post.id,
        action,
        reason: 'Checking',
      });
    await moderate('hide').expect(200);
    // A hidden post stays its author's.
    expect(await timeline(friend)).toEqual(ids(kept));
    expect(await timeline(ana)).toEqual(both);
    await moderate('approve').expect(200);
    expect(await timeline(friend)).toEqual(both);
    expect(await feed(friend)).toEqual(both);

    await api(ana).delete(`/posts/${post.id}`).expect(204);
    expect(await timeline(friend)).toEqual(ids(kept));
    expect(await timeline(ana)).toEqual(ids(kept));
    expect(await feed(friend)).toEqual(ids(kept));
  });
});

describe('an author with more followers than the fan-out takes', () => {
  it('is merged into the feed at read time instead', async () => {
    // One more follower than the fan-out takes.
    const [star, friend, ...fans] = await signUpMembers(stack.server, 6);
    expect(fans).toHaveLength(FANOUT_MAX + 1);
    await befriend(stack.server, star, friend);
    for (const fan of fans) await api(fan).post(`/users/${star.id}/follow`).expect(200);
    const mine = await publish(fans[0]!, 'public');
    const open = await publish(star, 'public');
    const friendsOnly = await publish(star, 'friendsOnly');

    const { rows } = await sql<{ author_id: string }>`
      select author_id from timeline_pull_authors where author_id = ${star.id}::uuid`.execute(db());
    expect(rows).toHaveLength(1);
    for (const member of [star, friend, ...fans])
      expect(await timeline(member)).not.toContain(open.id);
    expect(await feed(star)).toEqual(ids(open, friendsOnly));
    expect(await feed(friend)).toEqual(ids(open, friendsOnly));
    expect(await feed(fans[0]!)).toEqual(ids(mine, open));
    expect(await feed(fans[1]!)).toEqual(ids(open));

    await api(fans[1]!).delete(`/users/${star.id}/follow`).expect(200);
    expect(await feed(fans[1]!)).toEqual([]);
    await api(friend).delete(`/friends/${star.id}`).expect(204);
    expect(await feed(friend)).toEqual([]);
  });
});

describe('a timeline past its bound', () => {
  it('is cut back, and the feed pages on below it from the authors’ indexes with no gap', async () => {
    const [reader, one, two] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, reader, one);
    await api(reader).post(`/users/${two.id}/follow`).expect(200);
    const published: Post[] = [];
    for (let i = 0; i < 4 * MAX_POSTS; i += 1) {
      const author = [reader, one, two][i % 3]!;
      published.push(await publish(author, i % 4 === 1 ? 'friendsOnly' : 'public'));
    }
    const expected = published
      .filter((p, i) => !(p.author.id === two.id && i % 4 === 1))
      .map((p) => p.id)
      .reverse();

    const held = await timeline(reader);
    expect(held.length).toBeLessThan(expected.length);
    expect(held).toEqual(expected.slice(0, held.length));
    const { rows } = await sql<{ floor_seq: number }>`
      select floor_seq from home_timeline_floors where member_id = ${reader.id}::uuid`.execute(
      db(),
    );
    expect(rows).toHaveLength(1);
    expect(await feed(reader)).toEqual(expected);

    // A friend's older posts, below the floor, come back into the feed through the authors.
    const [late] = await signUpMembers(stack.server, 1);
    const old = await publish(late, 'public');
    for (let i = 0; i < 2 * MAX_POSTS; i += 1) await publish(one, 'public');
    await befriend(stack.server, late, reader);
    expect(await feed(reader)).toContain(old.id);
  });
});

/** A member's reposts as their timeline holds them, newest first: the post and who reposted it. */
async function timelineReposts(member: TestMember): Promise<[post: string, by: string][]> {
  const { rows } = await sql<{ id: string; reposted_by: string }>`
    select p.id, t.reposted_by from home_timeline_reposts t join posts p on p.feed_seq = t.post_seq
    where t.member_id = ${member.id}::uuid order by t.feed_seq desc`.execute(db());
  return rows.map((r) => [r.id, r.reposted_by]);
}

/** Who the feed says reposted each post of the member's whole feed (`null`: nobody). */
async function repostedBy(member: TestMember): Promise<Record<string, string | null>> {
  const page = (await api(member).get('/feed?limit=50').expect(200)).body as FeedPage & {
    repostedBy: Record<string, { id: string }>;
  };
  return Object.fromEntries(page.posts.map((p) => [p.id, page.repostedBy[p.id]?.id ?? null]));
}

describe('reposts', () => {
  const repost = (member: TestMember, post: Post) =>
    api(member).post(`/posts/${post.id}/repost`).expect(200);

  it('are fanned out to the reposter’s readers, and leave when undone or when the reader stops reading them', async () => {
    const [reader, friend, followee, author] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, reader, friend);
    await api(reader).post(`/users/${followee.id}/follow`).expect(200);
    const post = await publish(author, 'public');
    const later = await publish(author, 'public');

    await repost(friend, post);
    expect(await timelineReposts(reader)).toEqual([[post.id, friend.id]]);
    expect(await timelineReposts(friend)).toEqual([[post.id, friend.id]]);
    expect(await timelineReposts(author)).toEqual([]);
    expect(await feed(reader)).toEqual(ids(post));
    expect(await repostedBy(reader)).toEqual({ [post.id]: friend.id });

    // A newer repost by another author the reader reads: the post shows once, at the newer.
    await repost(followee, post);
    expect(await timelineReposts(reader)).toEqual([
      [post.id, followee.id],
      [post.id, friend.id],
    ]);
    expect(await feed(reader)).toEqual(ids(post));
    expect(await repostedBy(reader)).toEqual({ [post.id]: followee.id });

    await api(friend).delete(`/posts/${post.id}/repost`).expect(200);
    expect(await timelineReposts(reader)).toEqual([[post.id, followee.id]]);
    expect(await timelineReposts(friend)).toEqual([]);

    // Unfollowed, the followee's reposts leave; followed again, they come back.
    await api(reader).delete(`/users/${followee.id}/follow`).expect(200);
    expect(await timelineReposts(reader)).toEqual([]);
    expect(await feed(reader)).toEqual([]);
    await api(reader).post(`/users/${followee.id}/follow`).expect(200);
    expect(await timelineReposts(reader)).toEqual([[post.id, followee.id]]);
    expect(await feed(reader)).toEqual(ids(post));

    // A repost of a post the reader may no longer see is held, and not shown.
    await repost(friend, later);
    await api(author).patch(`/posts/${later.id}`, { visibility: 'private' }).expect(200);
    expect(await timelineReposts(reader)).toEqual([
      [later.id, friend.id],
      [post.id, followee.id],
    ]);
    expect(await feed(reader)).toEqual(ids(post));

    // A block ends the friendship, and the friend's reposts leave both ways.
    await api(friend).post('/friends/blocks', { userId: reader.id }).expect(201);
    expect(await timelineReposts(reader)).toEqual([[post.id, followee.id]]);

    // The original deleted, every reader's reposts of it go.
    await api(author).delete(`/posts/${post.id}`).expect(204);
    expect(await timelineReposts(reader)).toEqual([]);
    expect(await timelineReposts(followee)).toEqual([]);
    expect(await feed(reader)).toEqual([]);
  });

  it('of an author with more followers than the fan-out takes are merged at read time', async () => {
    const [star, author, ...fans] = await signUpMembers(stack.server, 6);
    expect(fans).toHaveLength(FANOUT_MAX + 1);
    for (const fan of fans) await api(fan).post(`/users/${star.id}/follow`).expect(200);
    const post = await publish(author, 'public');

    await repost(star, post);
    const { rows } = await sql<{ author_id: string }>`
      select author_id from timeline_pull_authors where author_id = ${star.id}::uuid`.execute(db());
    expect(rows).toHaveLength(1);
    for (const member of [star, ...fans]) expect(await timelineReposts(member)).toEqual([]);
    for (const fan of fans) {
      expect(await feed(fan)).toEqual(ids(post));
      expect(await repostedBy(fan)).toEqual({ [post.id]: star.id });
    }
    expect(await feed(star)).toEqual(ids(post));

    await api(star).delete(`/posts/${post.id}/repost`).expect(200);
    expect(await feed(fans[0]!)).toEqual([]);
    // Left for the rebuild below: a repost fanned out.
    const [friend] = await signUpMembers(stack.server, 1);
    await befriend(stack.server, author, friend);
    await repost(friend, post);
    expect(await timelineReposts(author)).toEqual([[post.id, friend.id]]);
  });
});

describe('reposts past a timeline’s bound', () => {
  it('go below its floor with its posts, and the feed reads them there from the reposter’s index', async () => {
    const [reader, friend, author] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, reader, friend);
    const post = await publish(author, 'public');
    await api(friend).post(`/posts/${post.id}/repost`).expect(200);
    expect(await timelineReposts(reader)).toEqual([[post.id, friend.id]]);

    const published: Post[] = [];
    for (let i = 0; i < 2 * MAX_POSTS; i += 1) published.push(await publish(friend, 'public'));
    const { rows } = await sql<{ floor_seq: number }>`
      select floor_seq from home_timeline_floors where member_id = ${reader.id}::uuid`.execute(
      db(),
    );
    expect(rows).toHaveLength(1);
    expect(await timelineReposts(reader)).toEqual([]);
    expect(await feed(reader)).toEqual([...ids(...published), post.id]);
  });
});

describe('a rebuild', () => {
  it('reproduces the timelines, their reposts, their floors and the pull authors exactly', async () => {
    const tables = [
      'home_timelines',
      'home_timeline_floors',
      'timeline_pull_authors',
      'home_timeline_reposts',
    ];
    const snapshot = () => Promise.all(tables.map((table) => snapshotTable(db(), table)));
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(20);
    expect(before[1]!.length).toBeGreaterThan(0);
    expect(before[2]!.length).toBeGreaterThan(0);
    expect(before[3]!.length).toBeGreaterThan(0);
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});

describe('the reposts’ migration fill', () => {
  it('gives the reposts the projection keeps', async () => {
    const kept = await snapshotTable(db(), 'home_timeline_reposts');
    expect(kept.length).toBeGreaterThan(0);
    await sql`truncate home_timeline_reposts`.execute(db());
    await fillTimelineReposts(db() as unknown as Kysely<unknown>);
    expect(await snapshotTable(db(), 'home_timeline_reposts')).toEqual(kept);
  });
});

describe('the migration’s fill', () => {
  it('gives the timelines the projection keeps where none was cut back', async () => {
    const [ana, ben, cleo] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, ben);
    await api(cleo).post(`/users/${ana.id}/follow`).expect(200);
    for (const [author, visibility] of [
      [ana, 'public'],
      [ana, 'friendsOnly'],
      [ben, 'private'],
      [cleo, 'public'],
    ] as const) {
      await publish(author, visibility);
    }
    const cast = [ana, ben, cleo];
    const kept = await Promise.all(cast.map(timeline));
    expect(kept.map((t) => t.length)).toEqual([2, 3, 2]);

    await sql`truncate home_timelines, home_timeline_floors, timeline_pull_authors`.execute(db());
    // One connection: the fill works in temporary tables.
    await db()
      .connection()
      .execute((connection) => fillHomeTimelines(connection as unknown as Kysely<unknown>));
    expect(await Promise.all(cast.map(timeline))).toEqual(kept);
    await rebuild(db());
  });
});
