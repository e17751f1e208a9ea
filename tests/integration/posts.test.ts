import type { Comment, FeedPage, Post, PostList, SavedPage } from '../../shared/posts';
import { postsMessages } from '../../shared/posts';
import {
  as,
  befriend,
  countEvents,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

async function publish(author: TestMember, fields: object = {}): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words here', status: 'published', ...fields })
    .expect(201);
  return res.body as Post;
}

async function feedIds(member: TestMember, query = ''): Promise<string[]> {
  const res = await api(member).get(`/feed${query}`).expect(200);
  return (res.body as FeedPage).posts.map((post) => post.id);
}

describe('who sees a post', () => {
  it('applies each rule on the post page and in the feed', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const open = await publish(ana, { visibility: 'public' });
    const friendsOnly = await publish(ana, { visibility: 'friendsOnly' });
    const closed = await publish(ana, { visibility: 'private' });
    const draft = (await api(ana).post('/posts', { title: 'Draft' }).expect(201)).body as Post;
    const kept = (await api(ana).post('/posts', { title: 'Mine', status: 'private' }).expect(201))
      .body as Post;
    expect([draft.status, kept.status]).toEqual(['draft', 'private']);

    const seen = async (viewer: TestMember, post: Post) =>
      (await api(viewer).get(`/posts/${post.id}`)).status;
    expect(
      await Promise.all([open, friendsOnly, closed, draft, kept].map((p) => seen(ana, p))),
    ).toEqual([200, 200, 200, 200, 200]);
    expect(
      await Promise.all([open, friendsOnly, closed, draft, kept].map((p) => seen(friend, p))),
    ).toEqual([200, 200, 404, 404, 404]);
    expect(
      await Promise.all([open, friendsOnly, closed, draft, kept].map((p) => seen(stranger, p))),
    ).toEqual([200, 404, 404, 404, 404]);

    // The feed holds the member's own published posts and their friends' they may see.
    expect(await feedIds(ana)).toEqual([closed.id, friendsOnly.id, open.id]);
    expect(await feedIds(friend)).toEqual([friendsOnly.id, open.id]);
    expect(await feedIds(stranger)).toEqual([]);

    // A post one may not see answers exactly like one that does not exist.
    const hidden = await api(stranger).get(`/posts/${friendsOnly.id}`).expect(404);
    const missing = await api(stranger).get(`/posts/${crypto.randomUUID()}`).expect(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.error.message).toBe(postsMessages.postNotFound);
    await api(stranger).get(`/posts/${friendsOnly.id}/comments`).expect(404);
    await api(stranger).post(`/posts/${friendsOnly.id}/like`).expect(404);
  });

  it('shows nothing across a block, either way', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    const post = await publish(ana, { visibility: 'public' });
    await api(ben).get(`/posts/${post.id}`).expect(200);
    await api(ben).post('/friends/blocks', { userId: ana.id }).expect(201);
    await api(ben).get(`/posts/${post.id}`).expect(404);
    expect(await feedIds(ben)).toEqual([]);
    const res = await api(ben).get(`/users/${ana.id}/posts`).expect(200);
    expect(res.body).toMatchObject({ posts: [], total: 0, hasMore: false, nextCursor: null });
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit or delete a post', async () => {
    const [ana, friend] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, friend);
    const post = await publish(ana);
    const before = await countEvents(db());
    const refused = await api(friend).patch(`/posts/${post.id}`, { title: 'Mine now' }).expect(403);
    expect(refused.body.error.code).toBe('not-author');
    await api(friend).delete(`/posts/${post.id}`).expect(403);
    expect(await countEvents(db())).toBe(before);

    const edited = await api(ana)
      .patch(`/posts/${post.id}`, { content: 'one two three four' })
      .expect(200);
    expect(edited.body).toMatchObject({ content: 'one two three four', wordCount: 4, readTime: 1 });
    expect(edited.body.version).toBeGreaterThan(post.version);
    await api(ana).delete(`/posts/${post.id}`).expect(204);
    await api(ana).get(`/posts/${post.id}`).expect(404);
  });

  it('refuses to publish without a title, then without content, with the spec’s texts', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const before = await countEvents(db());
    const noTitle = await api(ana).post('/posts', { status: 'published' }).expect(400);
    expect(noTitle.body.error).toMatchObject({
      code: 'title-required',
      message: postsMessages.titleRequired,
    });
    const noContent = await api(ana)
      .post('/posts', { title: 'T', status: 'published' })
      .expect(400);
    expect(noContent.body.error.message).toBe(postsMessages.contentRequired);
    expect(await countEvents(db())).toBe(before);
  });

  it('numbers each author’s posts and lists them in My Posts with statistics', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const first = await publish(ana, { categories: [' News ', 'News'] });
    const second = (await api(ana).post('/posts', { title: 'Draft' }).expect(201)).body as Post;
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(first.categories).toEqual(['News']);
    const drafts = (await api(ana).get('/posts/mine?tab=draft').expect(200)).body as PostList;
    expect(drafts.posts.map((p) => p.id)).toEqual([second.id]);
    const news = (await api(ana).get('/posts/mine?category=News').expect(200)).body as PostList;
    expect(news.posts.map((p) => p.id)).toEqual([first.id]);
    const stats = await api(ana).get('/posts/mine/stats').expect(200);
    expect(stats.body).toEqual({
      totalPosts: 2,
      publishedPosts: 1,
      totalViews: 0,
      totalComments: 0,
    });
  });
});

describe('likes', () => {
  it('counts each member once, as absolute values with a rising version', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    const post = await publish(ana);
    const liked = await api(ben).post(`/posts/${post.id}/like`).expect(200);
    expect(liked.body).toMatchObject({ postId: post.id, likes: 1, likedByMe: true });
    const again = await api(ben).post(`/posts/${post.id}/like`).expect(200);
    expect(again.body).toEqual(liked.body);
    await Promise.all([
      api(cat).post(`/posts/${post.id}/like`).expect(200),
      api(cat).post(`/posts/${post.id}/like`).expect(200),
    ]);
    const seen = (await api(ana).get(`/posts/${post.id}`).expect(200)).body as Post;
    expect(seen).toMatchObject({ likes: 2, likedByMe: false });
    const unliked = await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    expect(unliked.body).toMatchObject({ likes: 1, likedByMe: false });
    expect(unliked.body.version).toBeGreaterThan(liked.body.version);
    await api(ben).delete(`/posts/${post.id}/like`).expect(200);
    expect(((await api(ana).get(`/posts/${post.id}`)).body as Post).likes).toBe(1);
  });
});

describe('comments', () => {
  it('nests replies to depth 3 and refuses a fourth level', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    let parentId: string | null = null;
    const thread: Comment[] = [];
    for (let depth = 0; depth <= 3; depth += 1) {
      const res = await api(ana)
        .post(`/posts/${post.id}/comments`, { content: `level ${depth}`, parentId })
        .expect(201);
      const comment = res.body as Comment;
      thread.push(comment);
      parentId = comment.id;
    }
    expect(thread.map((c) => c.depth)).toEqual([0, 1, 2, 3]);
    const refused = await api(ana)
      .post(`/posts/${post.id}/comments`, { content: 'too deep', parentId })
      .expect(400);
    expect(refused.body.error.code).toBe('reply-too-deep');
    const blank = await api(ben).post(`/posts/${post.id}/comments`, { content: '  ' }).expect(400);
    expect(blank.body.error.message).toBe(postsMessages.commentBlank);

    const listed = await api(ben).get(`/posts/${post.id}/comments`).expect(200);
    expect((listed.body.comments as Comment[]).map((c) => c.id)).toEqual(thread.map((c) => c.id));
    expect(((await api(ana).get(`/posts/${post.id}`)).body as Post).comments).toBe(4);

    // Deleting a comment takes its replies with it.
    await api(ana).delete(`/comments/${thread[1]!.id}`).expect(204);
    const after = await api(ben).get(`/posts/${post.id}/comments`).expect(200);
    expect((after.body.comments as Comment[]).map((c) => c.id)).toEqual([thread[0]!.id]);
    expect(((await api(ana).get(`/posts/${post.id}`)).body as Post).comments).toBe(1);
  });

  it('lets only a comment’s author edit or delete it, even on the post author’s post', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    const comment = (
      await api(ben).post(`/posts/${post.id}/comments`, { content: 'Hi' }).expect(201)
    ).body as Comment;
    await api(ana).delete(`/comments/${comment.id}`).expect(403);
    await api(ana).patch(`/comments/${comment.id}`, { content: 'Edited' }).expect(403);
    const edited = await api(ben)
      .patch(`/comments/${comment.id}`, { content: 'Hello' })
      .expect(200);
    expect(edited.body).toMatchObject({ content: 'Hello' });
    expect(edited.body.editedAt).not.toBeNull();
    const liked = await api(ana).post(`/comments/${comment.id}/like`).expect(200);
    expect(liked.body).toMatchObject({ likes: 1, likedByMe: true });
    await api(ana).post(`/comments/${comment.id}/like`).expect(200);
    expect((await api(ana).delete(`/comments/${comment.id}/like`).expect(200)).body.likes).toBe(0);
  });
});

describe('saves and shares', () => {
  it('lists saved posts the member may still see, and counts shares', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await publish(ana);
    await api(ben).post(`/posts/${post.id}/save`).expect(200);
    await api(ben).post(`/posts/${post.id}/save`).expect(200);
    const saved = await api(ben).get('/saved').expect(200);
    expect((saved.body as FeedPage).posts.map((p) => p.id)).toEqual([post.id]);
    expect((saved.body as FeedPage).posts[0]!.savedByMe).toBe(true);
    const savedAt = (saved.body as SavedPage).savedAt[post.id];
    expect(Date.parse(savedAt ?? '')).toBeLessThanOrEqual(Date.now());
    const shared = await api(ben).post(`/posts/${post.id}/share`, { channel: 'x' }).expect(200);
    expect(shared.body).toMatchObject({ postId: post.id, shares: 1 });
    // Once the post is hidden from the member it leaves their saved list.
    await api(ana).patch(`/posts/${post.id}`, { visibility: 'friendsOnly' }).expect(200);
    expect(((await api(ben).get('/saved').expect(200)).body as FeedPage).posts).toEqual([]);
    await api(ben).delete(`/posts/${post.id}/save`).expect(404);
  });
});

describe('the feed’s pages', () => {
  it('stay stable while new posts are published: no duplicate, no gap', async () => {
    const [reader, author] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, reader, author);
    const older: string[] = [];
    for (let i = 0; i < 7; i += 1) older.unshift((await publish(author, { title: `p${i}` })).id);
    const first = (await api(reader).get('/feed?limit=3').expect(200)).body as FeedPage;
    expect(first.posts.map((p) => p.id)).toEqual(older.slice(0, 3));
    // Published between page fetches: it belongs above the first page, not inside the next.
    const newer = await publish(author, { title: 'new' });
    const seen = first.posts.map((p) => p.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (
        await api(reader)
          .get(`/feed?limit=3&cursor=${encodeURIComponent(cursor)}`)
          .expect(200)
      ).body as FeedPage;
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
      if (cursor) await publish(author, { title: 'meanwhile' });
    }
    expect(seen).toEqual(older);
    expect(await feedIds(reader, '?limit=1')).toEqual([expect.any(String)]);
    expect(seen).not.toContain(newer.id);
  });

  it('refuses a cursor it did not give', async () => {
    const [reader] = await signUpMembers(stack.server, 1);
    const res = await api(reader).get('/feed?cursor=nonsense').expect(400);
    expect(res.body.error.code).toBe('bad-cursor');
  });
});

describe('the profile’s posts', () => {
  it('searches, sorts and pages a member’s posts', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const a = await publish(ana, { title: 'Cats and dogs' });
    const b = await publish(ana, { title: 'Only dogs' });
    await api(ben).post(`/posts/${a.id}/like`).expect(200);
    const liked = await api(ben).get(`/users/${ana.id}/posts?sortBy=mostLiked&limit=1`).expect(200);
    expect(liked.body).toMatchObject({ total: 2, hasMore: true });
    expect((liked.body as PostList).posts.map((p) => p.id)).toEqual([a.id]);
    const found = await api(ben).get(`/users/${ana.id}/posts?q=only`).expect(200);
    expect((found.body as PostList).posts.map((p) => p.id)).toEqual([b.id]);
    const blank = await api(ben).get(`/users/${ana.id}/posts?q=%20%20`).expect(200);
    expect(blank.body.total).toBe(2);
  });
});

it('rebuilds the posts read models from the log exactly', async () => {
  const tables = [
    'posts',
    'post_numbers',
    'post_likes',
    'comments',
    'comment_likes',
    'saved_posts',
  ];
  const snapshot = () => Promise.all(tables.map((table) => snapshotTable(db(), table)));
  const before = await snapshot();
  expect(before[0]!.length).toBeGreaterThan(10);
  await rebuild(db());
  expect(await snapshot()).toEqual(before);
});
