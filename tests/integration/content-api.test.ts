import request from 'supertest';
import type { ContentPage, ContentRecord, ContentStats } from '../../shared/content';
import { contentMessages } from '../../shared/content';
import type { Post } from '../../shared/posts';
import {
  as,
  befriend,
  countEvents,
  signUp,
  signUpMembers,
  snapshotReadModels,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);
/** DELETE with a JSON body (the batch). */
const deleteWith = (member: TestMember, path: string, body: object) =>
  request(stack.server.url).delete(`/api${path}`).set('cookie', member.cookie).send(body);

let owner: TestMember;
beforeAll(async () => {
  // The first account of the database is its owner.
  owner = await signUp(stack.server);
});

async function create(author: TestMember, fields: object = {}): Promise<ContentRecord> {
  const res = await api(author)
    .post('/content', {
      title: 'A record',
      content: 'Some words here',
      status: 'published',
      ...fields,
    })
    .expect(201);
  return res.body as ContentRecord;
}

/** Everything that would change if a refused request wrote anything. */
async function writes() {
  return { events: await countEvents(db()), posts: await snapshotTable(db(), 'posts') };
}

describe('one record', () => {
  it('creates, reads by id and composite id, edits and trashes, by its rules', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const record = await create(ana, {
      type: 'article',
      tags: ['news'],
      metadata: { source: 'rss', score: 3 },
    });
    expect(record).toMatchObject({
      compositeId: record.id,
      userId: ana.id,
      type: 'article',
      status: 'published',
      metadata: { source: 'rss', score: 3 },
      permissions: { view: 'public', comment: 'public', share: 'public' },
      moderation: { state: 'visible', reason: null },
      metrics: { views: 0, likes: 0, comments: 0, shares: 0 },
    });
    // The composite id is a uuidv7.
    expect(record.id[14]).toBe('7');
    // The same record is the post of the posts API.
    const post = (await api(ana).get(`/posts/${record.id}`).expect(200)).body as Post;
    expect(post.number).toBe(record.sequence);

    for (const path of [`/content/${record.id}`, `/content/composite/${record.id}`]) {
      expect((await api(ben).get(path).expect(200)).body.id).toBe(record.id);
    }

    // Another member may read it but not change it; an owner may.
    const before = await writes();
    await api(ben).patch(`/content/${record.id}`, { title: 'Mine now' }).expect(403);
    await api(ben).delete(`/content/${record.id}`).expect(403);
    expect(await writes()).toEqual(before);
    const edited = await api(owner)
      .patch(`/content/composite/${record.id}`, { title: 'Fixed by an owner', type: 'link' })
      .expect(200);
    expect(edited.body).toMatchObject({ title: 'Fixed by an owner', type: 'link', userId: ana.id });
    // An edit through the posts API keeps the content type.
    await api(ana).patch(`/posts/${record.id}`, { content: 'New words' }).expect(200);
    expect((await api(ana).get(`/content/${record.id}`).expect(200)).body.type).toBe('link');

    // Bad input is a 400 and changes nothing.
    const unchanged = await writes();
    await api(ana).patch(`/content/${record.id}`, { type: 'poem' }).expect(400);
    await api(ana).patch(`/content/${record.id}`, {}).expect(400);
    await api(ana).patch(`/content/${record.id}`, { title: '' }).expect(400);
    await api(ana).post('/content', { metadata: 'nope' }).expect(400);
    expect(await writes()).toEqual(unchanged);

    // Trashed: nobody reads it, the author included, nor does it list anywhere.
    await api(ana).delete(`/content/${record.id}`).expect(204);
    await api(ana).get(`/content/${record.id}`).expect(404);
    await api(owner).get(`/content/${record.id}`).expect(404);
    await api(ana).get(`/posts/${record.id}`).expect(404);
    const mine = await api(ana).get('/posts/mine').expect(200);
    expect(mine.body.posts.map((p: Post) => p.id)).not.toContain(record.id);
    await api(ana).delete(`/content/${record.id}`).expect(404);
  });

  it('keeps a draft and a private post to the author and owners; 404 looks like missing', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const draft = await create(ana, { status: 'draft' });
    const hidden = await api(ben).get(`/content/${draft.id}`).expect(404);
    const missing = await api(ben).get(`/content/${crypto.randomUUID()}`).expect(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.error.message).toBe(contentMessages.notFound);
    await api(ben).get('/content/not-a-uuid').expect(404);
    await api(ben).patch(`/content/${draft.id}`, { title: 'x' }).expect(404);
    await api(owner).get(`/content/${draft.id}`).expect(200);
  });
});

describe('lists', () => {
  it("pages from 1, filters and sorts a member's records", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const a = await create(ana, { title: 'One', type: 'article', tags: ['x'] });
    const b = await create(ana, { title: 'Two', type: 'image', tags: ['y'] });
    const c = await create(ana, { title: 'Three', status: 'draft' });
    const page = async (member: TestMember, query: string) =>
      (await api(member).get(`/content/user?${query}`).expect(200)).body as ContentPage;

    const own = await page(ana, 'limit=2');
    expect(own.content.map((r) => r.id)).toEqual([c.id, b.id]);
    expect([own.total, own.hasMore]).toEqual([3, true]);
    const second = await page(ana, 'limit=2&page=2');
    expect(second.content.map((r) => r.id)).toEqual([a.id]);
    expect(second.hasMore).toBe(false);
    expect((await page(ana, 'sort=oldest')).content.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect((await page(ana, 'status=draft')).content.map((r) => r.id)).toEqual([c.id]);
    expect((await page(ana, 'type=image')).content.map((r) => r.id)).toEqual([b.id]);
    expect((await page(ana, 'tag=x')).content.map((r) => r.id)).toEqual([a.id]);
    // Another member sees only what they may: not the draft.
    expect((await page(ben, `userId=${ana.id}`)).total).toBe(2);
    expect((await page(owner, `userId=${ana.id}`)).total).toBe(3);

    const byTags = await api(ben).get(`/content/tags?tags=x,y&userId=${ana.id}`).expect(200);
    expect((byTags.body as ContentPage).content.map((r) => r.id)).toEqual([b.id, a.id]);
    const byType = await api(ben).get(`/content/type?type=article&userId=${ana.id}`).expect(200);
    expect((byType.body as ContentPage).content.map((r) => r.id)).toEqual([a.id]);

    for (const bad of ['page=0', 'limit=101', 'sort=best', 'status=gone', 'from=yesterday']) {
      await api(ana).get(`/content/user?${bad}`).expect(400);
    }
    await api(ana).get('/content/tags?tags=,').expect(400);
    await api(ana).get('/content/type').expect(400);
  });

  it('searches the full text, ranked: title before tags before content', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const inContent = await create(ana, { title: 'Plain', content: 'about the harbour today' });
    const inTitle = await create(ana, { title: 'Harbour lights', content: 'words' });
    const inTags = await create(ana, { title: 'Other', content: 'words', tags: ['harbour'] });
    await create(ana, { title: 'Nothing', content: 'unrelated' });
    const res = await api(ana).get(`/content/search?q=harbour&userId=${ana.id}`).expect(200);
    const found = res.body as ContentPage;
    expect(found.content.map((r) => r.id)).toEqual([inTitle.id, inTags.id, inContent.id]);
    expect(found.total).toBe(3);
    const blank = await api(ana).get('/content/search?q=%20%20').expect(400);
    expect(JSON.stringify(blank.body)).toContain(contentMessages.blankSearch);
    await api(ana).get('/content/search').expect(400);
  });

  it('counts by status and type, sums metrics and lists top tags', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const liked = await create(ana, { tags: ['a', 'b'], type: 'video' });
    await create(ana, { tags: ['a'], status: 'draft' });
    await api(ben).post(`/posts/${liked.id}/like`).expect(200);
    const stats = (await api(ana).get(`/content/stats?userId=${ana.id}`).expect(200))
      .body as ContentStats;
    expect(stats).toMatchObject({
      total: 2,
      byStatus: { published: 1, draft: 1, private: 0 },
      byType: { video: 1, post: 1 },
      metrics: { likes: 1 },
      topTags: [
        { tag: 'a', count: 2 },
        { tag: 'b', count: 1 },
      ],
    });
    const seenByBen = (await api(ben).get(`/content/stats?userId=${ana.id}`).expect(200))
      .body as ContentStats;
    expect(seenByBen.total).toBe(1);
  });
});

describe('batches', () => {
  it('changes every record or none', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const one = await create(ana);
    const two = await create(ana);
    const bens = await create(ben);

    const before = await writes();
    const refused = await api(ana)
      .patch('/content/batch', {
        updates: [
          { id: one.id, changes: { title: 'New one' } },
          { id: bens.id, changes: { title: 'Not mine' } },
          { id: crypto.randomUUID(), changes: { title: 'Missing' } },
        ],
      })
      .expect(400);
    expect(refused.body.error.code).toBe('batch-refused');
    expect(Object.keys(refused.body.error.fields)).toEqual(['items.1', 'items.2']);
    expect(refused.body.error.fields['items.1']).toContain(bens.id);
    expect(await writes()).toEqual(before);
    // A bad change (publishing without a title) refuses the batch too.
    await api(ana)
      .patch('/content/batch', {
        updates: [
          { id: one.id, changes: { title: 'Fine' } },
          { id: two.id, changes: { title: '', status: 'published' } },
        ],
      })
      .expect(400);
    await api(ana)
      .patch('/content/batch', {
        updates: [
          { id: one.id, changes: { title: 'A' } },
          { id: one.id, changes: { title: 'B' } },
        ],
      })
      .expect(400);
    expect(await writes()).toEqual(before);

    const done = await api(ana)
      .patch('/content/batch', {
        updates: [
          { id: one.id, changes: { title: 'New one' } },
          { id: two.id, changes: { tags: ['t'], type: 'article' } },
        ],
      })
      .expect(200);
    expect(done.body).toEqual({ updated: 2 });
    expect((await api(ana).get(`/content/${two.id}`).expect(200)).body).toMatchObject({
      tags: ['t'],
      type: 'article',
    });

    await deleteWith(ana, '/content/batch', { contentIds: [one.id, bens.id] }).expect(400);
    expect((await api(ana).get(`/content/${one.id}`).expect(200)).body.id).toBe(one.id);
    await deleteWith(ana, '/content/batch', { contentIds: [one.id, two.id] })
      .expect(200)
      .expect({ updated: 2 });
    await api(ana).get(`/content/${one.id}`).expect(404);
    await api(ana).get(`/content/${two.id}`).expect(404);
    // An owner's batch may span members.
    await deleteWith(owner, '/content/batch', { contentIds: [bens.id] }).expect(200);
  });
});

describe('permissions and metadata', () => {
  it('lets a named member see a private post and keeps a stranger from commenting', async () => {
    const [ana, named, stranger, friend] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, ana, friend);
    const record = await create(ana, { visibility: 'private' });
    await api(named).get(`/content/${record.id}`).expect(404);

    const set = await api(ana)
      .patch(`/content/${record.id}/permissions`, {
        view: 'private',
        comment: 'friendsOnly',
        share: 'private',
        allow: { view: [named.id, stranger.id], comment: [named.id] },
      })
      .expect(200);
    expect(set.body.permissions).toEqual({
      view: 'private',
      comment: 'friendsOnly',
      share: 'private',
      allow: { view: [named.id, stranger.id].sort(), comment: [named.id], share: [] },
    });
    // The named lists are the author's and owners' to read.
    const seen = await api(named).get(`/content/${record.id}`).expect(200);
    expect(seen.body.permissions.allow).toEqual({ view: [], comment: [], share: [] });
    await api(named).get(`/posts/${record.id}`).expect(200);
    await api(friend).get(`/content/${record.id}`).expect(404);

    await api(named).post(`/posts/${record.id}/comments`, { content: 'Hi' }).expect(201);
    const refused = await api(stranger)
      .post(`/posts/${record.id}/comments`, { content: 'Hi' })
      .expect(403);
    expect(refused.body.error.code).toBe('comments-not-allowed');
    await api(named).post(`/posts/${record.id}/share`, { channel: 'link' }).expect(403);
    await api(ana).post(`/posts/${record.id}/comments`, { content: 'Mine' }).expect(201);

    // Bad grants: the author themself, or someone who is not a member, change nothing.
    const before = await writes();
    await api(ana)
      .patch(`/content/${record.id}/permissions`, { allow: { view: [ana.id] } })
      .expect(400);
    await api(ana)
      .patch(`/content/${record.id}/permissions`, { allow: { view: [crypto.randomUUID()] } })
      .expect(400);
    await api(ana).patch(`/content/${record.id}/permissions`, { view: 'everyone' }).expect(400);
    await api(named).patch(`/content/${record.id}/permissions`, { view: 'public' }).expect(403);
    expect(await writes()).toEqual(before);

    // Taking a member off the list takes their sight of it.
    await api(ana)
      .patch(`/content/${record.id}/permissions`, { allow: { view: [named.id] } })
      .expect(200);
    await api(stranger).get(`/content/${record.id}`).expect(404);
  });

  it('sets and removes metadata keys within the limits', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const record = await create(ana, { metadata: { a: 1, b: 'two' } });
    const res = await api(ana)
      .patch(`/content/${record.id}/metadata`, { metadata: { b: null, c: { deep: [1, 2] } } })
      .expect(200);
    expect(res.body.metadata).toEqual({ a: 1, c: { deep: [1, 2] } });
    const before = await writes();
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    await api(ana).patch(`/content/${record.id}/metadata`, { metadata: many }).expect(400);
    await api(ana)
      .patch(`/content/${record.id}/metadata`, { metadata: { big: 'x'.repeat(17_000) } })
      .expect(400);
    await api(ana).patch(`/content/${record.id}/metadata`, { metadata: {} }).expect(400);
    await api(ben)
      .patch(`/content/${record.id}/metadata`, { metadata: { a: 2 } })
      .expect(403);
    expect(await writes()).toEqual(before);
  });
});

describe('export, import and migrate', () => {
  it("round-trips a member's content byte for byte in JSON", async () => {
    const [ana, copy] = await signUpMembers(stack.server, 2);
    await create(ana, {
      title: 'First, "quoted"',
      tags: ['b', 'a'],
      metadata: { z: 1, a: { y: [1, 'two'], b: null } },
      type: 'article',
    });
    const draft = await create(ana, { title: 'Draft', content: '', status: 'draft' });
    await create(ana, { title: 'Private', status: 'private', excerpt: 'Short' });
    const edited = await create(ana, { title: 'Edited', visibility: 'friendsOnly' });
    await api(ana).patch(`/content/${edited.id}`, { content: 'Changed' }).expect(200);
    await api(ana)
      .patch(`/content/${edited.id}/permissions`, { comment: 'private', share: 'friendsOnly' })
      .expect(200);
    const trashed = await create(ana, { title: 'Trash' });
    await api(ana).delete(`/content/${trashed.id}`).expect(204);

    const exported = await api(ana).get('/content/export').expect(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="content-${ana.id}-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    const text = exported.text;
    const parsed = JSON.parse(text) as { content: { title: string }[] };
    expect(parsed.content.map((r) => r.title)).toEqual([
      'First, "quoted"',
      'Draft',
      'Private',
      'Edited',
    ]);

    const imported = await api(copy)
      .post('/content/import', { userId: copy.id, content: parsed.content })
      .expect(201);
    expect(imported.body.importedCount).toBe(4);
    const again = await api(copy).get('/content/export').expect(200);
    expect(again.text).toBe(text);
    // The imported draft stays a draft, with the number after the member's last.
    const records = (await api(copy).get('/content/user?sort=oldest').expect(200))
      .body as ContentPage;
    expect(records.content.map((r) => [r.sequence, r.status])).toEqual([
      [1, 'published'],
      [2, 'draft'],
      [3, 'private'],
      [4, 'published'],
    ]);
    expect(draft.status).toBe('draft');
  });

  it('refuses an import with any bad record, listing each, and imports nothing', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await create(ana, { title: 'Good' });
    const good = (
      JSON.parse((await api(ana).get('/content/export').expect(200)).text) as {
        content: Record<string, unknown>[];
      }
    ).content[0]!;
    const before = await writes();
    const res = await api(ana)
      .post('/content/import', {
        userId: ana.id,
        content: [
          good,
          { ...good, type: 'poem' },
          { ...good, title: '' },
          'not a record',
          { ...good, extra: true },
        ],
      })
      .expect(400);
    expect(res.body.error.code).toBe('import-refused');
    expect(Object.keys(res.body.error.fields).sort()).toEqual([
      'content.1',
      'content.2',
      'content.3',
      'content.4',
    ]);
    await api(ben)
      .post('/content/import', { userId: ana.id, content: [good] })
      .expect(403);
    await api(ana).post('/content/import', { userId: ana.id, content: [] }).expect(400);
    expect(await writes()).toEqual(before);
    // An owner imports into anyone's account.
    await api(owner)
      .post('/content/import', { userId: ben.id, content: [good] })
      .expect(201);
    expect((await api(ben).get('/content/user').expect(200)).body.total).toBe(1);
  });

  it('exports CSV with a header and one row per record; only the owner exports another', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await create(ana, { title: 'Comma, and "quote"', tags: ['a', 'b'] });
    await create(ana, { title: '=SUM(A1)', status: 'draft' });
    const res = await api(ana).get('/content/export?format=csv').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'title,content,excerpt,type,status,visibility,commentAudience,shareAudience,tags,' +
        'categories,featuredImage,location,seoTitle,seoDescription,allowComments,allowSharing,' +
        'metadata,createdAt,publishedAt,editedAt',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^"Comma, and ""quote""",Some words here,,post,published,public,public,public,a;b,/,
    );
    expect(lines[2]!.startsWith("'=SUM(A1)")).toBe(true);
    await api(ben).get(`/content/export?userId=${ana.id}`).expect(403);
    await api(owner).get(`/content/export?userId=${ana.id}&format=csv`).expect(200);
    await api(owner).get(`/content/export?userId=${crypto.randomUUID()}`).expect(404);
    await api(ana).get('/content/export?format=xml').expect(400);
  });

  it('moves every post of a member to another, numbered after theirs (owners only)', async () => {
    const [from, to, other] = await signUpMembers(stack.server, 3);
    await create(to, { title: 'Already there' });
    const published = await create(from, { title: 'Moved' });
    const draft = await create(from, { title: 'Draft', status: 'draft' });
    const trashed = await create(from, { title: 'Trash' });
    await api(from).delete(`/content/${trashed.id}`).expect(204);
    await api(other).post(`/posts/${published.id}/like`).expect(200);

    const before = await writes();
    await api(from)
      .post('/content/migrate', { sourceUserId: from.id, targetUserId: to.id })
      .expect(403);
    await api(owner)
      .post('/content/migrate', { sourceUserId: from.id, targetUserId: from.id })
      .expect(400);
    await api(owner)
      .post('/content/migrate', { sourceUserId: from.id, targetUserId: crypto.randomUUID() })
      .expect(404);
    expect(await writes()).toEqual(before);

    await api(owner)
      .post('/content/migrate', { sourceUserId: from.id, targetUserId: to.id })
      .expect(200)
      .expect({ migratedCount: 3 });
    const moved = (await api(to).get(`/content/${published.id}`).expect(200)).body;
    expect([moved.userId, moved.sequence]).toEqual([to.id, 2]);
    expect((await api(to).get(`/content/${draft.id}`).expect(200)).body.sequence).toBe(3);
    expect((await api(from).get('/content/user').expect(200)).body.total).toBe(0);
    // Profile stats and Total Likes follow the posts.
    const stats = async (m: TestMember) =>
      (
        (await api(m).get(`/users/${m.id}`).expect(200)).body as {
          stats: { posts: number; likes: number };
        }
      ).stats;
    expect(await stats(to)).toMatchObject({ posts: 2, likes: 1 });
    expect(await stats(from)).toMatchObject({ posts: 0, likes: 0 });
    // A new post of the target counts on after the moved ones.
    expect((await create(to)).sequence).toBe(5);
  });
});

describe('the trash and profile stats', () => {
  it('stops counting a trashed post', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const record = await create(ana);
    const stats = async () =>
      ((await api(ana).get(`/users/${ana.id}`).expect(200)).body as { stats: { posts: number } })
        .stats.posts;
    expect(await stats()).toBe(1);
    await api(ana).delete(`/content/${record.id}`).expect(204);
    expect(await stats()).toBe(0);
  });
});

describe('erasure', () => {
  it("takes a deleted member's grants, both ways", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const anas = await create(ana, { visibility: 'private' });
    const bens = await create(ben, { visibility: 'private' });
    await api(ana)
      .patch(`/content/${anas.id}/permissions`, { allow: { view: [ben.id] } })
      .expect(200);
    await api(ben)
      .patch(`/content/${bens.id}/permissions`, { allow: { comment: [ana.id] } })
      .expect(200);
    await api(ben)
      .post('/me/delete', { password: ben.password, confirmation: 'DELETE' })
      .expect(204);
    const left = await db()
      .selectFrom('post_grants')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', ben.id), eb('post_id', '=', bens.id)]))
      .execute();
    expect(left).toEqual([]);
    expect((await api(ana).get(`/content/${anas.id}`).expect(200)).body.permissions.allow).toEqual({
      view: [],
      comment: [],
      share: [],
    });
  });
});

describe('a rebuild', () => {
  it('rebuilds the read models the content API wrote from the log exactly', async () => {
    // Every test above wrote through the content API: imports, migrations, grants, metadata.
    const tables = ['posts', 'post_numbers', 'post_grants', 'likes_received', 'profile_stats'];
    const before = await snapshotReadModels(db(), tables);
    expect(before.post_grants!.length).toBeGreaterThan(0);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});
