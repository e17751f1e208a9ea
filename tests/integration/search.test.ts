import { jest } from '@jest/globals';
import { sql } from 'kysely';
import request from 'supertest';
import type { Community } from '../../shared/communities';
import {
  contentSearchQuerySchema,
  type ContentPage,
  type ContentRecord,
} from '../../shared/content';
import { DomainError } from '../../server/core/errors';
import { statement } from '../../server/db/statement';
import { readWithin } from '../../server/db/time-limited';
import { searchContent } from '../../server/domains/content/content-search';
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

// A hook copies a database and starts a server: seconds on a busy two-core machine.
jest.setTimeout(60_000);

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

let owner: TestMember;
beforeAll(async () => {
  // The first account of the database is its owner (a moderator too).
  owner = await signUp(stack.server);
});

async function create(author: TestMember, fields: object): Promise<ContentRecord> {
  const res = await api(author)
    .post('/content', { title: 'A record', content: 'words', status: 'published', ...fields })
    .expect(201);
  return res.body as ContentRecord;
}

async function search(reader: TestMember, query: string): Promise<ContentPage> {
  const res = await api(reader).get(`/content/search?${query}`).expect(200);
  return res.body as ContentPage;
}

const ids = (page: ContentPage) => page.content.map((r) => r.id);

describe('ranking', () => {
  it('ranks a better match higher: title over content, more occurrences over fewer', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const once = await create(ana, { title: 'Notes', content: 'a lighthouse on the coast' });
    const often = await create(ana, {
      title: 'Notes',
      content: 'lighthouse keepers and their lighthouse, the lighthouse lamp',
    });
    const titled = await create(ana, { title: 'The lighthouse', content: 'words' });
    const page = await search(ana, `q=lighthouse&userId=${ana.id}`);
    expect(ids(page)).toEqual([titled.id, often.id, once.id]);
    expect(page).toMatchObject({ total: 3, hasMore: false });
    // A sort asked for orders the same matches.
    const newest = await search(ana, `q=lighthouse&userId=${ana.id}&sort=newest`);
    expect(ids(newest)).toEqual([titled.id, often.id, once.id]);
    const oldest = await search(ana, `q=lighthouse&userId=${ana.id}&sort=oldest`);
    expect(ids(oldest)).toEqual([once.id, often.id, titled.id]);
  });

  it('pages through the matches with total and hasMore, and counts past the last page', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    for (let i = 0; i < 5; i++) await create(ana, { title: `Harvest ${i}` });
    const first = await search(ana, `q=harvest&userId=${ana.id}&limit=2`);
    expect(first).toMatchObject({ total: 5, hasMore: true });
    const last = await search(ana, `q=harvest&userId=${ana.id}&limit=2&page=3`);
    expect(last.content).toHaveLength(1);
    expect(last).toMatchObject({ total: 5, hasMore: false });
    const beyond = await search(ana, `q=harvest&userId=${ana.id}&limit=2&page=9`);
    expect(beyond).toEqual({ content: [], total: 5, hasMore: false });
  });

  it('ranks only the newest matches of the window the reader may see, and counts those', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    // Oldest first: the best match is the oldest, outside a window of the newest three.
    const best = await create(ana, { title: 'Comet', content: 'comet comet comet' });
    const older = await create(ana, { content: 'a comet' });
    const middle = await create(ana, { content: 'the comet passed' });
    const newer = await create(ana, { content: 'comet tonight' });
    // Ben may not see this one: it takes no place in his window.
    await create(ana, { content: 'my comet', visibility: 'private' });
    const query = contentSearchQuerySchema.parse({ q: 'comet', userId: ana.id });
    const windowed = await searchContent(db(), ben.id, query, 3);
    expect(new Set(ids(windowed))).toEqual(new Set([older.id, middle.id, newer.id]));
    expect(windowed).toMatchObject({ total: 3, hasMore: false });
    const whole = await searchContent(db(), ben.id, query);
    expect(ids(whole)[0]).toBe(best.id);
    expect(whole.total).toBe(4);
  });
});

describe('visibility', () => {
  it('finds only what the reader may see: friends only, blocks, private, trash, hidden', async () => {
    const [author, friend, stranger, blocker] = await signUpMembers(stack.server, 4);
    await befriend(stack.server, author, friend);
    const open = await create(author, { content: 'zeppelin public' });
    const friendsOnly = await create(author, {
      content: 'zeppelin for friends',
      visibility: 'friendsOnly',
    });
    await create(author, { content: 'zeppelin for me', visibility: 'private' });
    const trashed = await create(author, { content: 'zeppelin trashed' });
    await api(author).delete(`/content/${trashed.id}`).expect(204);
    const hidden = await create(author, { content: 'zeppelin hidden' });
    await api(owner)
      .post(`/content/${hidden.id}/moderate`, { action: 'hide', reason: 'Spam' })
      .expect(200);
    const draft = await create(author, { content: 'zeppelin draft', status: 'draft' });

    const q = `q=zeppelin&userId=${author.id}`;
    expect(new Set(ids(await search(friend, q)))).toEqual(new Set([open.id, friendsOnly.id]));
    expect(ids(await search(stranger, q))).toEqual([open.id]);
    expect((await search(stranger, q)).total).toBe(1);
    // The author sees their own private post, draft and hidden post; never the trash.
    const own = ids(await search(author, q));
    expect(own).toHaveLength(5);
    expect(own).toEqual(expect.arrayContaining([hidden.id, draft.id]));
    expect(own).not.toContain(trashed.id);

    // A block either way hides the author's posts from the search.
    await api(blocker).post('/friends/blocks', { userId: author.id }).expect(201);
    expect(await search(blocker, q)).toEqual({ content: [], total: 0, hasMore: false });
    await api(author).post('/friends/blocks', { userId: stranger.id }).expect(201);
    expect(await search(stranger, q)).toEqual({ content: [], total: 0, hasMore: false });
  });

  it('finds an edited post by its new words only, and a deleted one no more', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const post = await create(ana, { title: 'Before', content: 'walrus' });
    await api(ana).patch(`/content/${post.id}`, { content: 'narwhal' }).expect(200);
    expect(ids(await search(ana, `q=walrus&userId=${ana.id}`))).toEqual([]);
    expect(ids(await search(ana, `q=narwhal&userId=${ana.id}`))).toEqual([post.id]);
    await api(ana).delete(`/posts/${post.id}`).expect(204);
    expect(ids(await search(ana, `q=narwhal&userId=${ana.id}`))).toEqual([]);
  });
});

describe('time limit', () => {
  it('answers a search that cannot finish in time 503 search-timeout, and stops it', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await create(ana, { content: 'glacier' });
    // Another transaction holds the documents locked past the search's statement timeout.
    const answered = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table post_search in access exclusive mode`.execute(trx);
        const res = await api(ana).get('/content/search?q=glacier').expect(503);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n
          from pg_stat_activity where pid <> pg_backend_pid() and state = 'active'
            and query like '%post_search%'`.execute(db());
        return { body: res.body as unknown, headers: res.headers, running: rows[0]!.n };
      });
    expect(answered.body).toEqual({
      error: { code: 'search-timeout', message: expect.stringContaining('took too long') },
    });
    expect(answered.headers['retry-after']).toBe('1');
    expect(answered.running).toBe(0);
    // Nothing stays limited: the next search on the same connections answers.
    expect((await search(ana, 'q=glacier')).total).toBeGreaterThan(0);
  });

  it('stops a read on the server at its limit, not only in the caller', async () => {
    const started = Date.now();
    await expect(readWithin(db(), 200, [statement(sql`select pg_sleep(5)`)])).rejects.toMatchObject(
      { code: 'search-timeout' },
    );
    expect(Date.now() - started).toBeLessThan(4000);
    await expect(
      readWithin(db(), 200, [statement(sql`select pg_sleep(5)`)]),
    ).rejects.toBeInstanceOf(DomainError);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where query like '%pg_sleep(5)%' and state = 'active' and pid <> pg_backend_pid()`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the search documents', () => {
  it('are a read model: a rebuild writes them again exactly, an erasure removes them', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const kept = await create(ben, { title: 'Kept', tags: ['orchid'], content: 'petals' });
    await api(ben).patch(`/content/${kept.id}`, { title: 'Kept and edited' }).expect(200);
    const exported = JSON.parse((await api(ben).get('/content/export').expect(200)).text) as {
      content: unknown[];
    };
    await api(ben)
      .post('/content/import', { userId: ben.id, content: exported.content })
      .expect(201);
    await create(ana, { content: 'orchid of hers' });

    const before = await snapshotTable(db(), 'post_search');
    const { rows: posts } = await sql<{ n: number }>`select count(*)::int as n
      from posts`.execute(db());
    expect(before).toHaveLength(posts[0]!.n);
    await rebuild(db());
    expect(await snapshotTable(db(), 'post_search')).toEqual(before);

    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);
    const { rows: orphans } = await sql<{ n: number }>`select count(*)::int as n
      from post_search s where not exists (select 1 from posts p where p.id = s.post_id)`.execute(
      db(),
    );
    expect(orphans[0]!.n).toBe(0);
    expect(await snapshotTable(db(), 'post_search')).toHaveLength(posts[0]!.n - 1);
    await rebuild(db());
    expect(await snapshotTable(db(), 'post_search')).toHaveLength(posts[0]!.n - 1);
  });
  it("carry their post's author, visibility, status, moderation and trash through every change", async () => {
    const [ana, ben, friend] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ben, friend);
    const differing = async () => {
      const { rows } = await sql<{ id: string }>`select p.id from posts p
        join post_search s on s.post_id = p.id
        where (p.author_id, p.visibility, p.status, p.moderation_state, p.deleted_at)
          is distinct from (s.author_id, s.visibility, s.status, s.moderation_state, s.deleted_at)
      `.execute(db());
      return rows.map((row) => row.id);
    };
    const moderate = (id: string, action: string) =>
      api(owner).post(`/content/${id}/moderate`, { action, reason: 'Spam' }).expect(200);
    const draft = await create(ana, { content: 'quokka draft', status: 'draft' });
    const post = await create(ana, { content: 'quokka post' });
    const steps: [string, () => Promise<unknown>][] = [
      [
        'publish',
        () => api(ana).patch(`/content/${draft.id}`, { status: 'published' }).expect(200),
      ],
      [
        'friends only',
        () => api(ana).patch(`/content/${post.id}`, { visibility: 'friendsOnly' }).expect(200),
      ],
      ['back up', () => api(ana).post(`/content/${post.id}/backup`).expect(201)],
      ['trash', () => api(ana).delete(`/content/${post.id}`).expect(204)],
      ['restore', () => api(ana).post(`/content/${post.id}/restore`).expect(200)],
      ['hide', () => moderate(post.id, 'hide')],
      ['remove', () => moderate(post.id, 'remove')],
      ['approve', () => moderate(post.id, 'approve')],
      [
        'move to another member',
        () =>
          api(owner)
            .post('/content/migrate', { sourceUserId: ana.id, targetUserId: ben.id })
            .expect(200),
      ],
    ];
    for (const [step, run] of steps) {
      await run();
      expect({ step, differing: await differing() }).toEqual({ step, differing: [] });
    }
    // What the copy says is what the search shows: ben's friends-only post to his friend only.
    const q = `q=quokka&userId=${ben.id}`;
    expect(new Set(ids(await search(friend, q)))).toEqual(new Set([draft.id, post.id]));
    expect(ids(await search(ana, q))).toEqual([draft.id]);
    await rebuild(db());
    expect(await differing()).toEqual([]);
  });
});

describe('communities', () => {
  async function community(member: TestMember, fields: Record<string, string>) {
    const form = request(stack.server.url).post('/api/communities').set('cookie', member.cookie);
    const all = { category: 'hobbies', privacy: 'public', ...fields };
    for (const [name, value] of Object.entries(all)) form.field(name, value);
    const res = await form;
    expect(res.status).toBe(201);
    return res.body as Community;
  }
  const discover = async (member: TestMember, q: string) =>
    (
      (
        await api(member)
          .get(`/communities?scope=discover&q=${encodeURIComponent(q)}`)
          .expect(200)
      ).body.communities as Community[]
    ).map((c) => c.id);

  it('matches a part of the name, the description or one tag, in any case', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const byName = await community(ana, { name: 'Xylophone Makers' });
    const byDescription = await community(ana, {
      name: 'Woodworkers',
      description: 'We tune XYLOPHONES too',
    });
    const byTag = await community(ana, {
      name: 'Percussion',
      tags: JSON.stringify(['mallets', 'xylophone_bars']),
    });
    await community(ana, { name: 'Unrelated', tags: JSON.stringify(['xylo', 'phone']) });
    expect(new Set(await discover(ben, 'xylophone'))).toEqual(
      new Set([byName.id, byDescription.id, byTag.id]),
    );
    // Two tags side by side are not one tag: "xylo" and "phone" do not make "o ph".
    expect(await discover(ben, 'o ph')).toEqual([]);
    // `%` and `_` typed by a member are letters.
    expect(await discover(ben, 'e_b')).toEqual([byTag.id]);
    expect(await discover(ben, '%')).toEqual([]);
  });

  it('writes members, posts and communities straight into the search indexes', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await create(ana, { title: 'Pending', content: 'nothing left waiting for a vacuum' });
    await community(ana, { name: 'Pending lists', tags: JSON.stringify(['gin']) });
    // With GIN's fast update these would wait in a pending list that every search reads in
    // full until a vacuum empties it (docs/performance.md).
    const { rows } = await sql<{ index: string; pendingPages: number; options: string[] | null }>`
      select c.relname as index, gin_clean_pending_list(c.oid)::int as "pendingPages",
        c.reloptions as options
      from pg_class c join pg_am am on am.oid = c.relam
      where am.amname = 'gin' and c.relname <> 'log_entries_message_trgm'
      order by c.relname`.execute(db());
    expect(rows).toEqual(
      [
        'communities_description_trgm',
        'communities_name_trgm',
        'communities_tags_trgm',
        'post_search_document',
        'users_display_name_trgm',
        'users_username_trgm',
      ].map((index) => ({ index, pendingPages: 0, options: ['fastupdate=off'] })),
    );
  });
});
