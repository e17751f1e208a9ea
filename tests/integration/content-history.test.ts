import { sql, type Kysely } from 'kysely';
import type {
  BackupsList,
  BackupSummary,
  ContentAnalytics,
  ContentFields,
  RestoreResult,
  VersionsPage,
} from '../../shared/content/history';
import { historyMessages } from '../../shared/content/history';
import { contentRecordSchema, type ContentRecord } from '../../shared/content';
import type { Comment, Post } from '../../shared/posts';
import { postsMessages } from '../../shared/posts';
import {
  contentMetrics,
  recordContentMetrics,
  utcDay,
} from '../../server/domains/content-history/analytics';
import { cleanupTrash } from '../../server/domains/content-history/cleanup';
import { systemContext } from '../../server/core/context';
import {
  as,
  befriend,
  signUp,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { png, uploaded } from '../support/media-fixtures';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';
import { fillVersionsFromLog } from '../../migrations/20261128T110000-content-history';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);
const run = () => stack.server.application.commands;

/**
 * The events in the log but those of the counters each process writes on a timer (views and
 * analytics hits, every `POST_VIEWS_FLUSH_MS`): the flush of an earlier test's hits can land while
 * a refused request is checked for having written nothing, and once did on a busy CI machine.
 */
async function eventsButCounters(database: typeof stack.database.db): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from events
    where stream_id not like 'content-metrics-%' and stream_id not like 'post-views-%'
      and stream_id not like 'profile-views-%'`.execute(database);
  return rows[0]!.count;
}

let owner: TestMember;
beforeAll(async () => {
  // The first account of a fresh database is the owner.
  owner = await signUp(stack.server);
});

async function createPost(author: TestMember, fields: object = {}): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words here', status: 'published', ...fields })
    .expect(201);
  return res.body as Post;
}

const image = async (member: TestMember) =>
  (await uploaded(stack.server, member, { buffer: await png(), filename: 'a.png' })).file.id;

/** The content fields of a post as the API answers it, as a version keeps them. */
function fieldsOf(post: Post): ContentFields {
  return {
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    featuredImage: post.featuredImage,
    location: post.location,
    visibility: post.visibility,
    categories: post.categories,
    tags: post.tags,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    allowComments: post.allowComments,
    allowSharing: post.allowSharing,
    mediaIds: post.media.map((m) => m.id),
    // The posts API makes posts; other types come through the content API.
    contentType: 'post',
  };
}

/** Into the trash through `DELETE /content/{id}`; answers when it went there. */
async function trash(by: TestMember, post: Post): Promise<Date> {
  await api(by).delete(`/content/${post.id}`).expect(204);
  const row = await db()
    .selectFrom('posts')
    .select('deleted_at')
    .where('id', '=', post.id)
    .executeTakeFirstOrThrow();
  return row.deleted_at!;
}

async function commentsOf(member: TestMember, postId: string) {
  const res = await api(member).get(`/posts/${postId}/comments`).expect(200);
  const list = (res.body as { comments: Comment[] }).comments;
  return list
    .map((c) => ({ id: c.id, parentId: c.parentId, authorId: c.author.id, content: c.content }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

async function comment(member: TestMember, postId: string, content: string, parentId?: string) {
  const res = await api(member)
    .post(`/posts/${postId}/comments`, { content, ...(parentId ? { parentId } : {}) })
    .expect(201);
  return res.body as Comment;
}

describe('who may use a record’s history', () => {
  it('lets the author and an owner in, refuses a member who sees the post, hides it from others', async () => {
    const [ana, friend, stranger] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, friend);
    const post = await createPost(ana, { visibility: 'friendsOnly' });
    const before = await eventsButCounters(db());
    const calls: [string, (m: TestMember) => Promise<{ status: number; body: unknown }>][] = [
      ['list versions', (m) => api(m).get(`/content/${post.id}/versions`)],
      ['restore a version', (m) => api(m).post(`/content/${post.id}/versions`, { version: 1 })],
      ['list backups', (m) => api(m).get(`/content/${post.id}/backups`)],
      ['restore', (m) => api(m).post(`/content/${post.id}/restore`)],
      ['read analytics', (m) => api(m).get(`/content/${post.id}/analytics`)],
      ['back up', (m) => api(m).post(`/content/${post.id}/backup`)],
    ];
    for (const [, call] of calls.slice(0, -1)) {
      const refused = await call(friend);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'not-author' } });
      const hidden = await call(stranger);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ error: { message: postsMessages.postNotFound } });
    }
    expect(await eventsButCounters(db())).toBe(before);
    // A missing post and one that is not a UUID read alike.
    await api(ana).get(`/content/${crypto.randomUUID()}/versions`).expect(404);
    await api(ana).get('/content/not-an-id/backups').expect(404);

    await api(ana).get(`/content/${post.id}/versions`).expect(200);
    await api(owner).get(`/content/${post.id}/versions`).expect(200);
    await api(ana).post(`/content/${post.id}/backup`).expect(201);
    await api(owner).post(`/content/${post.id}/backup`).expect(201);
    await api(owner).post(`/content/${post.id}/restore`).expect(200);
    await api(owner).get(`/content/${post.id}/analytics`).expect(200);
    // Anyone who may see the post counts a hit; a stranger finds nothing.
    await api(friend).post(`/content/${post.id}/analytics`, { metric: 'view' }).expect(202);
    await api(stranger).post(`/content/${post.id}/analytics`, { metric: 'view' }).expect(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const post = await createPost(ana);
    const before = await eventsButCounters(db());
    const bodies: [string, object][] = [
      ['versions', { version: 0 }],
      ['versions', { version: 'one' }],
      ['versions', {}],
      ['versions', { version: 1, extra: true }],
      ['restore', { backupId: 'nope' }],
      ['analytics', { metric: 'hug' }],
      ['analytics', { metric: 'view', value: 0 }],
      ['analytics', { metric: 'view', value: 1001 }],
      ['analytics', { metric: 'view', value: 1.5 }],
    ];
    for (const [path, body] of bodies) {
      await api(ana).post(`/content/${post.id}/${path}`, body).expect(400);
    }
    await api(ana).post('/content/cleanup', { userId: 'nope' }).expect(400);
    await api(ana).get(`/content/${post.id}/analytics?days=0`).expect(400);
    await api(ana).get(`/content/${post.id}/versions?limit=1000`).expect(400);
    const missing = await api(ana)
      .post(`/content/${post.id}/versions`, { version: 99 })
      .expect(404);
    expect(missing.body.error.message).toBe(historyMessages.versionNotFound);
    const noBackup = await api(ana).post(`/content/${post.id}/restore`).expect(404);
    expect(noBackup.body.error.message).toBe(historyMessages.backupNotFound);
    expect(await eventsButCounters(db())).toBe(before);
  });
});

describe('versions', () => {
  it('keeps every edit and restores a version exactly, as the newest version', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const [first, second, third] = [await image(ana), await image(ana), await image(ana)];
    const draft = (
      await api(ana)
        .post('/posts', {
          title: 'First title',
          content: 'one two',
          tags: ['b', 'a', 'c'],
          categories: ['News', 'Art'],
          mediaIds: [second, first],
          location: 'Lisbon',
          visibility: 'friendsOnly',
          allowComments: false,
        })
        .expect(201)
    ).body as Post;
    const v1 = fieldsOf(draft);
    await api(ana)
      .patch(`/posts/${draft.id}`, {
        title: 'Second title',
        tags: ['z'],
        categories: [],
        mediaIds: [third, first, second],
        location: null,
        visibility: 'public',
        allowComments: true,
        seoTitle: 'SEO',
      })
      .expect(200);
    const published = (
      await api(ana)
        .patch(`/posts/${draft.id}`, { content: 'three', status: 'published' })
        .expect(200)
    ).body as Post;

    const page = (await api(ana).get(`/content/${draft.id}/versions`).expect(200))
      .body as VersionsPage;
    expect(page.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(page.versions[2]).toMatchObject({ version: 1, status: 'draft', actorId: ana.id });
    expect(page.versions[2]!.fields).toEqual(v1);
    expect(page.versions[0]!.fields).toEqual(fieldsOf(published));
    const paged = (await api(ana).get(`/content/${draft.id}/versions?limit=1&before=3`).expect(200))
      .body as VersionsPage;
    expect(paged.versions.map((v) => v.version)).toEqual([2]);
    expect(paged.hasMore).toBe(true);

    // The content API answers the content record; the posts API reads the post.
    const restored = contentRecordSchema.parse(
      (await api(ana).post(`/content/${draft.id}/versions`, { version: 1 }).expect(200)).body,
    );
    const read = (await api(ana).get(`/posts/${draft.id}`).expect(200)).body as Post;
    const fields = fieldsOf(read);
    for (const key of Object.keys(v1) as (keyof ContentFields)[]) {
      expect([key, fields[key]]).toEqual([key, v1[key]]);
    }
    // The status stays: restoring content does not unpublish.
    expect(read.status).toBe('published');
    expect(read.wordCount).toBe(2);
    expect(restored).toEqual(
      (await api(ana).get(`/content/${draft.id}`).expect(200)).body as ContentRecord,
    );
    expect(restored).toMatchObject({
      id: draft.id,
      userId: ana.id,
      status: 'published',
      type: 'post',
      version: read.version,
    });
    const after = (await api(ana).get(`/content/${draft.id}/versions`).expect(200))
      .body as VersionsPage;
    expect(after.versions[0]).toMatchObject({ version: 4, status: 'published', fields: v1 });

    // An owner restores too, and is recorded as the one who did.
    await api(owner).post(`/content/${draft.id}/versions`, { version: 3 }).expect(200);
    const byOwner = (await api(ana).get(`/content/${draft.id}/versions?limit=1`).expect(200))
      .body as VersionsPage;
    expect(byOwner.versions[0]).toMatchObject({ version: 5, actorId: owner.id });
    expect(byOwner.versions[0]!.fields).toEqual(fieldsOf(published));
  });

  it('keeps the content type in each version and restores it', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const created = (
      await api(ana)
        .post('/content', { title: 'Long read', content: 'words', type: 'article' })
        .expect(201)
    ).body as { id: string; type: string };
    await api(ana).patch(`/content/${created.id}`, { type: 'link' }).expect(200);
    const page = (await api(ana).get(`/content/${created.id}/versions`).expect(200))
      .body as VersionsPage;
    expect(page.versions.map((v) => v.fields.contentType)).toEqual(['link', 'article']);
    await api(ana).post(`/content/${created.id}/versions`, { version: 1 }).expect(200);
    const read = (await api(ana).get(`/content/${created.id}`).expect(200)).body as {
      type: string;
    };
    expect(read.type).toBe('article');
  });

  it('answers the content record, as every /content route does, after a version or a backup', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const created = contentRecordSchema.parse(
      (
        await api(ana)
          .post('/content', {
            title: 'Record',
            content: 'words',
            type: 'article',
            metadata: { k: 1 },
          })
          .expect(201)
      ).body,
    );
    await api(ana)
      .patch(`/content/${created.id}/permissions`, {
        comment: 'friendsOnly',
        allow: { share: [ben.id] },
      })
      .expect(200);
    await api(ana).patch(`/content/${created.id}`, { title: 'Renamed' }).expect(200);
    const readRecord = async () =>
      (await api(ana).get(`/content/${created.id}`).expect(200)).body as ContentRecord;

    const restored = contentRecordSchema
      .strict()
      .parse(
        (await api(ana).post(`/content/${created.id}/versions`, { version: 1 }).expect(200)).body,
      );
    expect(restored).toEqual(await readRecord());
    expect(restored).toMatchObject({
      title: 'Record',
      type: 'article',
      metadata: { k: 1 },
      permissions: { comment: 'friendsOnly', allow: { share: [ben.id] } },
    });

    await api(ana).post(`/content/${created.id}/backup`).expect(201);
    await api(ana).patch(`/content/${created.id}`, { title: 'Renamed again' }).expect(200);
    const result = (await api(ana).post(`/content/${created.id}/restore`).expect(200))
      .body as RestoreResult;
    expect(contentRecordSchema.strict().parse(result.record)).toEqual(await readRecord());
    expect(result.record.title).toBe('Record');
  });

  it('applies the publishing rules: a version without a title is refused into a published post', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const draft = (await api(ana).post('/posts', { content: 'words' }).expect(201)).body as Post;
    await api(ana)
      .patch(`/posts/${draft.id}`, { title: 'Now titled', status: 'published' })
      .expect(200);
    const before = await eventsButCounters(db());
    const refused = await api(ana)
      .post(`/content/${draft.id}/versions`, { version: 1 })
      .expect(400);
    expect(refused.body.error).toMatchObject({
      code: 'title-required',
      message: postsMessages.titleRequired,
    });
    expect(await eventsButCounters(db())).toBe(before);
  });
});

describe('backups', () => {
  it('restores the fields and the comments as the snapshot took them, in one command', async () => {
    const [ana, ben, cleo] = await signUpMembers(stack.server, 3);
    const post = await createPost(ana, { tags: ['x', 'y'] });
    const kept = await comment(ben, post.id, 'kept as is');
    const edited = await comment(ben, post.id, 'the original words');
    const deleted = await comment(cleo, post.id, 'deleted later');
    const reply = await comment(ana, post.id, 'a reply, deleted with its parent', deleted.id);
    const snapshotPost = (await api(ana).get(`/posts/${post.id}`).expect(200)).body as Post;
    const snapshotComments = await commentsOf(ana, post.id);
    expect(snapshotComments).toHaveLength(4);

    const backup = (await api(ana).post(`/content/${post.id}/backup`).expect(201))
      .body as BackupSummary;
    expect(backup).toMatchObject({ comments: 4 });

    await api(ben).patch(`/comments/${edited.id}`, { content: 'edited words' }).expect(200);
    await api(cleo).delete(`/comments/${deleted.id}`).expect(204);
    const later = await comment(ben, post.id, 'added after the backup');
    await comment(cleo, post.id, 'a reply to a later comment', later.id);
    await comment(cleo, post.id, 'a later reply to a kept comment', kept.id);
    // Last, since a draft is its author's alone.
    await api(ana)
      .patch(`/posts/${post.id}`, { title: 'Changed', tags: ['y'], status: 'draft' })
      .expect(200);

    const list = (await api(ana).get(`/content/${post.id}/backups`).expect(200))
      .body as BackupsList;
    expect(list.backups.map((b) => b.backupId)).toEqual([backup.backupId]);
    expect(list.backups[0]).toMatchObject({ comments: 4, status: 'published', actorId: ana.id });

    const result = (await api(ana).post(`/content/${post.id}/restore`, {}).expect(200))
      .body as RestoreResult;
    expect(result.backupId).toBe(backup.backupId);
    // Two comments re-added, one reverted; the later comment goes with its reply, and the later
    // reply to a kept comment goes on its own.
    expect(result.comments).toEqual({ readded: 2, reverted: 1, removed: 2 });
    const after = (await api(ana).get(`/posts/${post.id}`).expect(200)).body as Post;
    expect(fieldsOf(after)).toEqual(fieldsOf(snapshotPost));
    expect(after.status).toBe('published');
    expect(after.comments).toBe(4);
    expect(await commentsOf(ana, post.id)).toEqual(snapshotComments);
    expect(snapshotComments.map((c) => c.id)).toContain(reply.id);
  });

  it('brings a trashed post out of the trash, and names the backup to restore', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const post = await createPost(ana, { title: 'Before' });
    const older = (await api(ana).post(`/content/${post.id}/backup`).expect(201))
      .body as BackupSummary;
    await api(ana).patch(`/posts/${post.id}`, { title: 'After' }).expect(200);
    await api(ana).post(`/content/${post.id}/backup`).expect(201);
    await trash(ana, post);
    await api(ana).get(`/posts/${post.id}`).expect(404);

    const result = (
      await api(ana).post(`/content/${post.id}/restore`, { backupId: older.backupId }).expect(200)
    ).body as RestoreResult;
    expect(contentRecordSchema.parse(result.record)).toMatchObject({
      title: 'Before',
      status: 'published',
      moderation: { state: 'visible', reason: null },
    });
    const read = (await api(ana).get(`/posts/${post.id}`).expect(200)).body as Post;
    expect(read.title).toBe('Before');
    // A backup of another post is not this post's.
    const other = await createPost(ana);
    await api(ana).post(`/content/${other.id}/restore`, { backupId: older.backupId }).expect(404);
  });
});

describe('cleanup', () => {
  it('purges trashed posts past retention, the member’s own or, for an owner, anyone’s', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const early = await createPost(ana);
    const late = await createPost(ana);
    const bens = await createPost(ben);
    const kept = await createPost(ana);
    await api(ana).post(`/content/${early.id}/backup`).expect(201);
    const earlyAt = await trash(ana, early);
    const lateAt = await trash(ana, late);
    await trash(ben, bens);
    expect(lateAt.getTime()).toBeGreaterThanOrEqual(earlyAt.getTime());

    // Nothing is 30 days old yet.
    const none = await api(ana).post('/content/cleanup').expect(200);
    expect(none.body).toEqual({ deletedCount: 0, hasMore: false });
    // A member cannot empty another's trash.
    const before = await eventsButCounters(db());
    await api(ana).post('/content/cleanup', { userId: ben.id }).expect(403);
    expect(await eventsButCounters(db())).toBe(before);

    // The retention boundary: trashed at the cutoff is past it, a moment later is not.
    const atCutoff = await run().run(
      cleanupTrash,
      { actorId: ana.id, userId: null, cutoff: new Date(lateAt.getTime() - 1) },
      systemContext(),
    );
    expect(atCutoff.deletedCount).toBe(lateAt.getTime() === earlyAt.getTime() ? 0 : 1);
    const both = await run().run(
      cleanupTrash,
      { actorId: ana.id, userId: null, cutoff: lateAt },
      systemContext(),
    );
    expect(atCutoff.deletedCount + both.deletedCount).toBe(2);
    expect(both.hasMore).toBe(false);
    // Ben's trash is his: Ana's cleanup left it; the owner purges it by name.
    const byOwner = await run().run(
      cleanupTrash,
      { actorId: owner.id, userId: ben.id, cutoff: new Date() },
      systemContext(),
    );
    expect(byOwner.deletedCount).toBe(1);
    const gone = await db()
      .selectFrom('posts')
      .select('id')
      .where('id', 'in', [early.id, late.id, bens.id, kept.id])
      .execute();
    expect(gone.map((p) => p.id)).toEqual([kept.id]);

    // A purged post took its versions and backups with it: it cannot be restored.
    const purged = await api(ana).post(`/content/${early.id}/restore`).expect(404);
    expect(purged.body.error.message).toBe(historyMessages.purged);
    const stranger = await api(ben).post(`/content/${early.id}/restore`).expect(404);
    expect(stranger.body.error.message).toBe(postsMessages.postNotFound);
    const versions = await db()
      .selectFrom('post_versions')
      .select('post_id')
      .where('post_id', '=', early.id)
      .execute();
    expect(versions).toEqual([]);
  });

  it('lets the owner empty everyone’s trash', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const post = await createPost(ana);
    const at = await trash(ana, post);
    const result = await run().run(
      cleanupTrash,
      { actorId: owner.id, userId: null, cutoff: at },
      systemContext(),
    );
    expect(result.deletedCount).toBeGreaterThanOrEqual(1);
    await api(ana).get(`/content/${post.id}/versions`).expect(404);
  });
});

describe('analytics', () => {
  it('aggregates hits per day and metric, batched, within the window asked for', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await createPost(ana);
    await api(ben).post(`/content/${post.id}/analytics`, { metric: 'view' }).expect(202);
    await api(ben).post(`/content/${post.id}/analytics`, { metric: 'view', value: 4 }).expect(202);
    await api(ana).post(`/content/${post.id}/analytics`, { metric: 'click', value: 2 }).expect(202);
    await contentMetrics(stack.server.application).flush();

    const day = 24 * 60 * 60 * 1000;
    const yesterday = utcDay(new Date(Date.now() - day));
    const longAgo = utcDay(new Date(Date.now() - 40 * day));
    await run().run(
      recordContentMetrics,
      {
        batch: [
          { postId: post.id, day: yesterday, counts: { view: 3, share: 1 } },
          { postId: post.id, day: longAgo, counts: { view: 100 } },
        ],
      },
      systemContext(),
    );

    const today = utcDay(new Date());
    const res = (await api(ana).get(`/content/${post.id}/analytics`).expect(200))
      .body as ContentAnalytics;
    expect(res.totals).toEqual({
      view: 8,
      click: 2,
      share: 1,
      like: 0,
      comment: 0,
      read: 0,
      impression: 0,
    });
    expect(res.daily).toEqual([
      { day: yesterday, metric: 'share', count: 1 },
      { day: yesterday, metric: 'view', count: 3 },
      { day: today, metric: 'click', count: 2 },
      { day: today, metric: 'view', count: 5 },
    ]);
    const oneDay = (await api(ana).get(`/content/${post.id}/analytics?days=1`).expect(200))
      .body as ContentAnalytics;
    expect(oneDay.totals.view).toBe(5);
    const wide = (await api(ana).get(`/content/${post.id}/analytics?days=60`).expect(200))
      .body as ContentAnalytics;
    expect(wide.totals.view).toBe(108);
  });

  it('limits what one member adds to one post', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const post = await createPost(ana);
    await api(ben)
      .post(`/content/${post.id}/analytics`, { metric: 'view', value: 1000 })
      .expect(202);
    const refused = await api(ben)
      .post(`/content/${post.id}/analytics`, { metric: 'view' })
      .expect(429);
    expect(refused.body.error.message).toBe(historyMessages.metricsLimited);
    // Another post, or another member, is counted apart.
    const other = await createPost(ana);
    await api(ben).post(`/content/${other.id}/analytics`, { metric: 'view' }).expect(202);
    await api(ana).post(`/content/${post.id}/analytics`, { metric: 'view' }).expect(202);
  });
});

describe('erasure and rebuild', () => {
  it('drops a deleted member’s history and their comments from others’ backups', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const anas = await createPost(ana, { title: 'Ana’s own title' });
    const bens = await createPost(ben);
    await comment(ana, bens.id, 'ana was here');
    const bensComment = await comment(ben, bens.id, 'ben too');
    await api(ben).post(`/content/${bens.id}/backup`).expect(201);
    await api(ana).post(`/content/${anas.id}/backup`).expect(201);
    await api(ben).post(`/content/${anas.id}/analytics`, { metric: 'like' }).expect(202);
    await contentMetrics(stack.server.application).flush();

    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);
    for (const table of ['post_versions', 'content_backups', 'content_analytics'] as const) {
      const left = await db()
        .selectFrom(table)
        .select('author_id')
        .where('author_id', '=', ana.id)
        .execute();
      expect([table, left]).toEqual([table, []]);
    }
    // The log's copies are redacted as the posts and comments they copy are.
    const logged = await db()
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'ContentBackedUp')
      .where(sql<boolean>`data ->> 'postId' in (${anas.id}, ${bens.id})`)
      .execute();
    expect(logged).toHaveLength(2);
    const texts = JSON.stringify(logged);
    expect(texts).not.toContain('ana was here');
    expect(texts).not.toContain('Ana’s own title');
    expect(texts).toContain('ben too');
    const list = (await api(ben).get(`/content/${bens.id}/backups`).expect(200))
      .body as BackupsList;
    expect(list.backups[0]!.comments).toBe(1);
    const restored = (await api(ben).post(`/content/${bens.id}/restore`).expect(200))
      .body as RestoreResult;
    expect(restored.comments).toEqual({ readded: 0, reverted: 0, removed: 0 });
    expect((await commentsOf(ben, bens.id)).map((c) => c.id)).toEqual([bensComment.id]);
  });

  it('rebuilds the history read models from the log exactly', async () => {
    const tables = ['post_versions', 'content_backups', 'content_analytics'];
    const snapshot = () => Promise.all(tables.map((table) => snapshotTable(db(), table)));
    const before = await snapshot();
    expect(before.every((rows) => rows.length > 0)).toBe(true);
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
    // The migration fills the versions of older posts from the log exactly as the projection.
    await db().deleteFrom('post_versions').execute();
    // A migration takes the untyped instance.
    await fillVersionsFromLog(db() as unknown as Kysely<unknown>);
    expect(await snapshotTable(db(), 'post_versions')).toEqual(before[0]);
  });
});
