import { userPostsPageSchema, type Post, type UserPostsPage } from '../../shared/posts';
import { repostsMessages } from '../../shared/reposts';
import { befriend, type TestMember } from '../support/factories';
import { socialKit } from '../support/social-kit';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const kit = socialKit(stack);
const { api, member } = kit;
const publish = (by: TestMember, title: string, fields: object = {}) =>
  kit.publish(by, { title, ...fields });

const repost = (by: TestMember, post: Post) => api(by).post(`/posts/${post.id}/repost`).expect(200);

async function listOf(viewer: TestMember, of: TestMember, query = ''): Promise<UserPostsPage> {
  const res = await api(viewer).get(`/users/${of.id}/posts${query}`).expect(200);
  return userPostsPageSchema.parse(res.body);
}

/** Every page by cursor, `limit` at a time, with `between` run after each page. */
async function allPages(
  viewer: TestMember,
  of: TestMember,
  params: string,
  between: (page: number) => Promise<void> = async () => {},
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const query = `?${params}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const listed = await listOf(viewer, of, query);
    ids.push(...listed.posts.map((post) => post.id));
    cursor = listed.nextCursor;
    expect(listed.hasMore).toBe(cursor !== null);
    if (cursor === null) return ids;
    await between(page);
  }
  throw new Error('the pages did not end');
}

describe("a member's profile lists their reposts", () => {
  it('newest first by repost time, each post once, named like the feed, only what the viewer may see', async () => {
    const [ana, bo, carl, viewer] = await Promise.all([
      member('ana'),
      member('bo'),
      member('carl'),
      member('viewer'),
    ]);
    await befriend(stack.server, ana, carl);
    const bosPost = await publish(bo, 'Bo writes');
    const carlsClosed = await publish(carl, 'Carl among friends', { visibility: 'friendsOnly' });
    const first = await publish(ana, 'Ana first');
    const second = await publish(ana, 'Ana second');
    await repost(ana, bosPost);
    await repost(ana, carlsClosed);
    await repost(ana, first);

    const seen = await listOf(viewer, ana);
    expect(seen.posts.map((post) => post.title)).toEqual(['Ana first', 'Bo writes', 'Ana second']);
    expect(seen).toMatchObject({ total: 3, reposted: 2, hasMore: false, nextCursor: null });
    const named = { id: ana.id, username: ana.username };
    expect(seen.repostedBy[first.id]).toMatchObject(named);
    expect(seen.repostedBy[bosPost.id]).toMatchObject(named);
    expect(seen.repostedBy[second.id]).toBeUndefined();

    // Ana's friend may see Carl's post, so its repost is listed for them and for Ana.
    const own = await listOf(ana, ana);
    expect(own.posts.map((post) => post.title)).toEqual([
      'Ana first',
      'Carl among friends',
      'Bo writes',
      'Ana second',
    ]);
    expect(own).toMatchObject({ total: 4, reposted: 3 });

    // Undone, a repost leaves the list; the post of Ana's own goes back to where it was published.
    await api(ana).delete(`/posts/${first.id}/repost`).expect(200);
    const after = await listOf(viewer, ana);
    expect(after.posts.map((post) => post.title)).toEqual(['Bo writes', 'Ana second', 'Ana first']);
    expect(after.repostedBy[first.id]).toBeUndefined();

    // Oldest first, searched: the same entries the other way round, then filtered.
    const oldest = await listOf(viewer, ana, '?sortBy=oldest');
    expect(oldest.posts.map((post) => post.title)).toEqual([
      'Ana first',
      'Ana second',
      'Bo writes',
    ]);
    const searched = await listOf(viewer, ana, '?q=Bo');
    expect(searched.posts.map((post) => post.title)).toEqual(['Bo writes']);
    expect(searched).toMatchObject({ total: 1, reposted: 1 });

    // A repost of a post its author deletes goes with it.
    await api(bo).delete(`/posts/${bosPost.id}`).expect(204);
    expect((await listOf(viewer, ana)).posts.map((post) => post.title)).toEqual([
      'Ana second',
      'Ana first',
    ]);
  });

  it('pages by keyset without repeating or skipping a post while the member posts and reposts', async () => {
    const [ana, bo, viewer] = await Promise.all([member('ana'), member('bo'), member('viewer')]);
    const bos: Post[] = [];
    for (let index = 0; index < 4; index += 1) bos.push(await publish(bo, `Bo ${index}`));
    const anas: Post[] = [];
    for (let index = 0; index < 4; index += 1) {
      anas.push(await publish(ana, `Ana ${index}`));
      await repost(ana, bos[index]!);
    }
    // Her own oldest post, reposted now, is listed once, at the top.
    await repost(ana, anas[0]!);

    const whole = await listOf(viewer, ana, '?limit=50');
    expect(whole.posts.map((post) => post.title)).toEqual([
      'Ana 0',
      'Bo 3',
      'Ana 3',
      'Bo 2',
      'Ana 2',
      'Bo 1',
      'Ana 1',
      'Bo 0',
    ]);
    expect(whole).toMatchObject({ total: 8, reposted: 5 });

    let late = 0;
    const paged = await allPages(viewer, ana, 'limit=3', async () => {
      // What is new sorts above the pages read: it shifts no entry into them twice.
      late += 1;
      await publish(ana, `Late ${late}`);
      await repost(ana, await publish(bo, `Bo late ${late}`));
    });
    expect(paged).toEqual(whole.posts.map((post) => post.id));

    // The count sorts page on the counts read, the time and the post breaking ties.
    await api(viewer).post(`/posts/${anas[2]!.id}/like`).expect(200);
    await api(viewer).post(`/posts/${bos[1]!.id}/like`).expect(200);
    const liked = await allPages(viewer, ana, 'sortBy=mostLiked&limit=2');
    const likedWhole = await listOf(viewer, ana, '?sortBy=mostLiked&limit=50');
    expect(liked).toEqual(likedWhole.posts.map((post) => post.id));
    expect(liked.slice(0, 2)).toEqual([anas[2]!.id, bos[1]!.id]);
    expect(new Set(liked).size).toBe(liked.length);

    // Offset paging is kept for the lists that ask by page number.
    const second = await listOf(viewer, ana, '?limit=3&offset=3');
    const byKeyset = await listOf(viewer, ana, '?limit=50');
    expect(second.posts.map((post) => post.id)).toEqual(
      byKeyset.posts.slice(3, 6).map((post) => post.id),
    );
  });

  it('refuses a cursor it did not give, one of another sort, and a cursor with an offset', async () => {
    const [ana, viewer] = await Promise.all([member('ana'), member('viewer')]);
    for (let index = 0; index < 3; index += 1) await publish(ana, `Ana ${index}`);
    const { nextCursor } = await listOf(viewer, ana, '?limit=1');
    expect(nextCursor).not.toBeNull();
    const cursor = encodeURIComponent(nextCursor!);
    const path = `/users/${ana.id}/posts`;
    await api(viewer).get(`${path}?cursor=bm90LWEtY3Vyc29y`).expect(400);
    await api(viewer).get(`${path}?sortBy=mostLiked&cursor=${cursor}`).expect(400);
    await api(viewer).get(`${path}?cursor=${cursor}&offset=1`).expect(400);
    const next = await listOf(viewer, ana, `?limit=1&cursor=${cursor}`);
    expect(next.posts.map((post) => post.title)).toEqual(['Ana 1']);
  });
});

describe('quoting a post that is not there', () => {
  it('is refused with the unavailable message, as a post the author may not see is', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const gone = await publish(bo, 'Soon gone');
    await api(bo).delete(`/posts/${gone.id}`).expect(204);
    for (const quoteOf of [gone.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(ana)
        .post('/posts', { title: 'Q', content: 'x', status: 'published', quoteOf })
        .expect(400);
      expect(res.body.error).toMatchObject({ message: repostsMessages.quoteUnavailable });
    }
    expect((await listOf(ana, ana)).total).toBe(0);
  });
});
