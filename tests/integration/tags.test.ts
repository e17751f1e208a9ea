import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import {
  HASHTAG_SOCKET_EVENTS,
  type FollowedTags,
  type TagFollowState,
  type TagPage,
  type TagPostPayload,
  type TrendingTags,
} from '../../shared/hashtags';
import {
  POSTS_SOCKET_EVENTS,
  type HomeFeedPage,
  type Post,
  type PostNewPayload,
  type PostVisibility,
} from '../../shared/posts';
import { as, befriend, signUpMembers, snapshotTable, type TestMember } from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

/*
 * Hashtags through the API (server/domains/hashtags): the tag page and what the relations
 * policy lets each member see of it, paging, edits, trending tags, following a tag into the home
 * feed, the live tag page, and a rebuild of every read model they keep.
 */

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** Each test its own tag, so tests never read each other's posts. */
let tagCount = 0;
const freshTag = () => `t${Date.now().toString(36)}x${(tagCount += 1)}`;

async function publish(
  author: TestMember,
  content: string,
  visibility: PostVisibility = 'public',
): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content, status: 'published', visibility })
    .expect(201);
  return res.body as Post;
}

async function tagPage(member: TestMember, tag: string, query = ''): Promise<TagPage> {
  const res = await api(member)
    .get(`/tags/${encodeURIComponent(tag)}/posts${query}`)
    .expect(200);
  return res.body as TagPage;
}

const idsOf = (page: { posts: Post[] }) => page.posts.map((p) => p.id);

describe('the tag page', () => {
  it('lists only the posts each member may see, newest first, whatever the tag’s spelling', async () => {
    const [ana, friend, stranger, blocked] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    const tag = freshTag();
    const open = await publish(ana, `Hello #${tag.toUpperCase()}`);
    const friendsOnly = await publish(ana, `For friends #${tag}`, 'friendsOnly');
    const closed = await publish(ana, `Mine only #${tag}`, 'private');
    const draft = (
      await api(ana)
        .post('/posts', { title: 'Soon', content: `Draft #${tag}` })
        .expect(201)
    ).body as Post;
    await api(ana).post('/friends/blocks', { userId: blocked.id }).expect(201);

    expect(idsOf(await tagPage(friend, tag))).toEqual([friendsOnly.id, open.id]);
    // The member who may not see the post gets no tag-page entry for it.
    expect(idsOf(await tagPage(stranger, tag))).toEqual([open.id]);
    expect(idsOf(await tagPage(blocked, tag))).toEqual([]);
    // The author sees their published posts, never a draft (it has no place in feeds yet).
    expect(idsOf(await tagPage(ana, tag))).toEqual([closed.id, friendsOnly.id, open.id]);
    expect(idsOf(await tagPage(ana, tag))).not.toContain(draft.id);
    // `#Tag`, `TAG` and the full-width form name the same page.
    expect(idsOf(await tagPage(stranger, `#${tag.toUpperCase()}`))).toEqual([open.id]);
    const page = await tagPage(stranger, tag);
    expect(page).toMatchObject({ tag, following: false, followVersion: 0, nextCursor: null });
  });

  it('pages by keyset with no gap or repeat, even while new posts arrive', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const tag = freshTag();
    const posts: Post[] = [];
    for (let i = 0; i < 5; i += 1) posts.push(await publish(ana, `Post ${i} #${tag}`));
    const first = await tagPage(ben, tag, '?limit=2');
    expect(idsOf(first)).toEqual([posts[4]!.id, posts[3]!.id]);
    const newer = await publish(ana, `Newer #${tag}`);
    const second = await tagPage(ben, tag, `?limit=2&cursor=${first.nextCursor}`);
    expect(idsOf(second)).toEqual([posts[2]!.id, posts[1]!.id]);
    const third = await tagPage(ben, tag, `?limit=2&cursor=${second.nextCursor}`);
    expect(idsOf(third)).toEqual([posts[0]!.id]);
    expect(third.nextCursor).toBeNull();
    expect(idsOf(await tagPage(ben, tag, '?limit=1'))).toEqual([newer.id]);
  });

  it('follows edits that add or remove the tag, and a post deleted or made private', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const tag = freshTag();
    const post = await publish(ana, 'No tag yet');
    expect(idsOf(await tagPage(ben, tag))).toEqual([]);
    await api(ana)
      .patch(`/posts/${post.id}`, { content: `Now #${tag}` })
      .expect(200);
    expect(idsOf(await tagPage(ben, tag))).toEqual([post.id]);
    await api(ana).patch(`/posts/${post.id}`, { visibility: 'private' }).expect(200);
    expect(idsOf(await tagPage(ben, tag))).toEqual([]);
    await api(ana).patch(`/posts/${post.id}`, { visibility: 'public' }).expect(200);
    await api(ana).patch(`/posts/${post.id}`, { content: 'Tag gone' }).expect(200);
    expect(idsOf(await tagPage(ben, tag))).toEqual([]);
    expect(idsOf(await tagPage(ana, tag))).toEqual([]);

    const other = await publish(ana, `Again #${tag}`);
    await api(ana).delete(`/posts/${other.id}`).expect(204);
    expect(idsOf(await tagPage(ana, tag))).toEqual([]);
  });

  it('refuses what is no tag, too long a tag and a cursor it never gave with a clear 400', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const bad = await api(ana).get('/tags/no-dash/posts').expect(400);
    expect(bad.body.error.fields).toEqual({
      tag: 'A tag is letters, digits and underscores, with at least one letter.',
    });
    await api(ana).get('/tags/2024/posts').expect(400);
    const long = await api(ana)
      .get(`/tags/${'a'.repeat(65)}/posts`)
      .expect(400);
    expect(long.body.error.fields).toEqual({ tag: 'A tag is at most 64 characters.' });
    const cursor = await api(ana).get('/tags/fine/posts?cursor=nonsense').expect(400);
    expect(cursor.body.error.code).toBe('bad-cursor');
    await api(ana).post('/tags/no-dash/follow').expect(400);
  });
});

describe('trending tags', () => {
  it('ranks the day’s tags by distinct authors, and counts public posts only', async () => {
    const members = await signUpMembers(stack.server, 4);
    const [wide, narrow, hidden] = [freshTag(), freshTag(), freshTag()];
    for (const member of members.slice(0, 3)) await publish(member, `#${wide}`);
    // One author posting again and again counts once.
    for (let i = 0; i < 4; i += 1) await publish(members[3]!, `#${narrow} ${i}`);
    await publish(members[0]!, `#${narrow}`);
    // Friends-only and private posts leak nothing into the ranking.
    for (const member of members) await publish(member, `#${hidden}`, 'friendsOnly');
    await publish(members[0]!, `#${hidden}`, 'private');

    const { tags } = (await api(members[0]!).get('/trending/tags?limit=30').expect(200))
      .body as TrendingTags;
    const byTag = new Map(tags.map((t) => [t.tag, t]));
    expect(byTag.get(wide)).toMatchObject({ authors: 3, posts: 3 });
    expect(byTag.get(narrow)).toMatchObject({ authors: 2, posts: 5 });
    expect(byTag.has(hidden)).toBe(false);
    const order = tags.map((t) => t.tag);
    expect(order.indexOf(wide)).toBeLessThan(order.indexOf(narrow));
    await api(members[0]!).get('/trending/tags?limit=0').expect(400);
  });
});

describe('following a tag', () => {
  it('brings the next public post with the tag into the home feed, with the reason', async () => {
    const [cleo, author, friend] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, cleo, friend);
    const tag = freshTag();
    const before = await publish(author, `Before the follow #${tag}`);

    const followed = (await api(cleo).post(`/tags/%23${tag.toUpperCase()}/follow`).expect(200))
      .body as TagFollowState;
    expect(followed).toEqual({ tag, following: true, version: 1 });
    // Idempotent: the same state, the same version.
    expect((await api(cleo).post(`/tags/${tag}/follow`).expect(200)).body).toEqual(followed);
    expect((await api(cleo).get('/followed-tags').expect(200)).body as FollowedTags).toMatchObject({
      tags: [{ tag }],
    });
    expect(await tagPage(cleo, tag)).toMatchObject({ following: true, followVersion: 1 });

    const hidden = await publish(author, `Friends only #${tag}`, 'friendsOnly');
    const next = await publish(author, `The next one #${tag}`);
    const fromFriend = await publish(friend, `A friend's #${tag}`);

    const feed = (await api(cleo).get('/feed').expect(200)).body as HomeFeedPage;
    const ids = feed.posts.map((p) => p.id);
    // Following does not bring older posts; a post the member may not see never comes.
    expect(ids).toEqual([fromFriend.id, next.id]);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(hidden.id);
    // The reason only where the tag brought it: the friend's post is there anyway.
    expect(feed.followedTags).toEqual({ [next.id]: tag });
    // The feed read from the authors' indexes merges the same posts.
    const authors = (await api(cleo).get('/test/feed/authors').expect(200)).body as HomeFeedPage;
    expect(authors.posts.map((p) => p.id)).toEqual(ids);
    expect(authors.followedTags).toEqual(feed.followedTags);

    // Made friends-only, it leaves the feed; unfollowing takes the rest out.
    await api(author).patch(`/posts/${next.id}`, { visibility: 'friendsOnly' }).expect(200);
    expect(((await api(cleo).get('/feed').expect(200)).body as HomeFeedPage).posts).toHaveLength(1);
    await api(author).patch(`/posts/${next.id}`, { visibility: 'public' }).expect(200);
    expect(((await api(cleo).get('/feed').expect(200)).body as HomeFeedPage).posts).toHaveLength(2);
    const unfollowed = (await api(cleo).delete(`/tags/${tag}/follow`).expect(200))
      .body as TagFollowState;
    expect(unfollowed).toEqual({ tag, following: false, version: 2 });
    const after = (await api(cleo).get('/feed').expect(200)).body as HomeFeedPage;
    expect(after.posts.map((p) => p.id)).toEqual([fromFriend.id]);
    expect(after.followedTags).toEqual({});
  });

  it('announces a tag-brought post to the home feed live, naming the tag', async () => {
    const [cleo, author, friend] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, cleo, friend);
    const tag = freshTag();
    await api(cleo).post(`/tags/${tag}/follow`).expect(200);
    const socket = await connectAs(stack.server, cleo);
    sockets.push(socket);
    const heard: PostNewPayload[] = [];
    socket.on(POSTS_SOCKET_EVENTS.new, (p: PostNewPayload) => heard.push(p));

    const fromFriend = await publish(friend, `A friend's #${tag}`);
    // Pushes reach a socket in log order: once the later one is here, so is the earlier.
    const last = waitForEvent<PostNewPayload>(
      socket,
      POSTS_SOCKET_EVENTS.new,
      (p) => p.authorId === author.id,
    );
    const tagged = await publish(author, `A stranger's #${tag}`);
    await last;
    expect(heard).toEqual([
      { postId: fromFriend.id, authorId: friend.id, publishedAt: fromFriend.publishedAt },
      {
        postId: tagged.id,
        authorId: author.id,
        publishedAt: tagged.publishedAt,
        followedTag: tag,
      },
    ]);
  });

  it('tells every tab of the member, and only them, the new state', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const tag = freshTag();
    const [tab, other] = await Promise.all([
      connectAs(stack.server, ana),
      connectAs(stack.server, ben),
    ]);
    sockets.push(tab, other);
    const heard: unknown[] = [];
    other.on(HASHTAG_SOCKET_EVENTS.followed, (payload: unknown) => heard.push(payload));
    const pushed = waitForEvent<TagFollowState>(tab, HASHTAG_SOCKET_EVENTS.followed);
    await api(ana).post(`/tags/${tag}/follow`).expect(200);
    expect(await pushed).toEqual({ tag, following: true, version: 1 });
    expect(heard).toEqual([]);
  });
});

describe('a live tag page', () => {
  it('hears of a new post with its tag only where the member may see it', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const tag = freshTag();
    const [friends, strangers] = await Promise.all([
      connectAs(stack.server, friend),
      connectAs(stack.server, stranger),
    ]);
    sockets.push(friends, strangers);
    for (const socket of [friends, strangers]) {
      const ack = (await socket
        .timeout(5000)
        .emitWithAck(HASHTAG_SOCKET_EVENTS.watch, { tags: [`#${tag.toUpperCase()}`] })) as {
        watching: string[];
      };
      expect(ack.watching).toEqual([tag]);
    }
    const strangerHeard: TagPostPayload[] = [];
    strangers.on(HASHTAG_SOCKET_EVENTS.post, (p: TagPostPayload) => strangerHeard.push(p));

    const friendHeard = waitForEvent<TagPostPayload>(friends, HASHTAG_SOCKET_EVENTS.post);
    const friendsOnly = await publish(ana, `Close #${tag}`, 'friendsOnly');
    expect(await friendHeard).toEqual({
      tag,
      postId: friendsOnly.id,
      publishedAt: friendsOnly.publishedAt,
    });
    // A public post after it: once the stranger hears it, the one before was judged and held.
    const publicHeard = waitForEvent<TagPostPayload>(strangers, HASHTAG_SOCKET_EVENTS.post);
    const open = await publish(ana, `Open #${tag}`);
    expect((await publicHeard).postId).toBe(open.id);
    expect(strangerHeard.map((p) => p.postId)).toEqual([open.id]);
  });
});

describe('a deleted account', () => {
  it('takes its posts off tag pages and out of followers’ feeds, and its own follows with it', async () => {
    const [reader, leaver] = await signUpMembers(stack.server, 2);
    const tag = freshTag();
    await api(reader).post(`/tags/${tag}/follow`).expect(200);
    await api(leaver).post(`/tags/${tag}/follow`).expect(200);
    const post = await publish(leaver, `Going soon #${tag}`);
    await publish(reader, `Staying #${tag}`);
    expect(
      ((await api(reader).get('/feed').expect(200)).body as HomeFeedPage).followedTags,
    ).toEqual({ [post.id]: tag });
    const rowsOf = async (member: TestMember) => {
      const { rows } = await sql<{ n: number }>`
        select (select count(*) from tag_follows where member_id = ${member.id}::uuid)
          + (select count(*) from tag_timelines where member_id = ${member.id}::uuid)
          + (select count(*) from post_hashtags where author_id = ${member.id}::uuid) as n`.execute(
        db(),
      );
      return Number(rows[0]!.n);
    };
    expect(await rowsOf(leaver)).toBeGreaterThan(0);

    await api(leaver)
      .post('/me/delete', { password: leaver.password, confirmation: 'DELETE' })
      .expect(204);
    expect(await rowsOf(leaver)).toBe(0);
    expect(idsOf(await tagPage(reader, tag))).toHaveLength(1);
    const feed = (await api(reader).get('/feed').expect(200)).body as HomeFeedPage;
    expect(feed.posts.map((p) => p.id)).not.toContain(post.id);
    expect(feed.followedTags).toEqual({});
  });
});

describe('a rebuild', () => {
  it('reproduces the tag index, follows and tag timelines exactly', async () => {
    const [reader, author, other] = await signUpMembers(stack.server, 3);
    const [kept, dropped] = [freshTag(), freshTag()];
    await api(reader).post(`/tags/${kept}/follow`).expect(200);
    await api(reader).post(`/tags/${dropped}/follow`).expect(200);
    await publish(author, `#${kept} and #${dropped}`);
    const edited = await publish(other, `#${kept} for now`);
    await api(other)
      .patch(`/posts/${edited.id}`, { content: `#${dropped} instead` })
      .expect(200);
    const trashed = await publish(author, `#${kept} soon gone`);
    await api(author).delete(`/content/${trashed.id}`).expect(204);
    const permitted = await publish(other, `#${kept} soon friends only`);
    await api(other)
      .patch(`/content/${permitted.id}/permissions`, { view: 'friendsOnly' })
      .expect(200);
    await api(reader).delete(`/tags/${dropped}/follow`).expect(200);

    const tables = ['post_hashtags', 'tag_follows', 'tag_timelines', 'home_timelines'];
    const snapshot = () => Promise.all(tables.map((table) => snapshotTable(db(), table)));
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(3);
    expect(before[1]!.length).toBeGreaterThan(0);
    expect(before[2]!.length).toBeGreaterThan(0);
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});
