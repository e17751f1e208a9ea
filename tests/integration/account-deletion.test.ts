import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { accountMessages } from '../../shared/account';
import { eventSchemas, isEventType } from '../../shared/events';
import type { Backup, RestoreJob } from '../../shared/ops/backups';
import type { Comment, Post } from '../../shared/posts';
import { profileLiveEvents, type Profile, type ProfileStatsPayload } from '../../shared/profiles';
import { readRestoreJob } from '../../server/domains/backup/backup-read';
import { eventually } from '../support/eventually';
import {
  as,
  badgesOf,
  befriend,
  countEvents,
  sendFriendRequest,
  signIn,
  signUp,
  snapshotReadModels,
  startConversation,
  type TestMember,
} from '../support/factories';
import { tablesContaining } from '../support/database-text';
import { textOf, uploaded } from '../support/media-fixtures';
import { model, rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const backupDir = mkdtempSync(path.join(tmpdir(), 'agora-erasure-test-'));
const filesDir = mkdtempSync(path.join(tmpdir(), 'agora-erasure-files-'));
const stack = useServerWithDatabase({
  env: {
    BACKUP_DIR: backupDir,
    BACKUP_STORAGE_LIMIT_BYTES: String(1024 * 1024 * 1024),
    FILES_DIR: filesDir,
  },
});
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

afterAll(async () => {
  await rm(backupDir, { recursive: true, force: true });
  await rm(filesDir, { recursive: true, force: true });
});

/** Texts only Ana wrote: none may survive her deletion anywhere in the database. */
const secret = {
  postTitle: 'Ana-title-quokka-7731',
  postBody: 'Ana-body-narwhal-1184',
  comment: 'Ana-comment-axolotl-5521',
  message: 'Ana-message-pangolin-9043',
  requestNote: 'Ana-note-okapi-3307',
  fileName: 'ana-passport-scan-6610.txt',
  bio: 'Ana-bio-wombat-4412',
  company: 'Ana-company-quoll-2290',
  skill: 'Ana-skill-dugong-6671',
  phone: '+44 7700 900 318',
  mappingEmail: 'ana-mapping-tapir-5108@example.com',
  setupCompany: 'Ana-setup-company-gharial-7719',
  setupRole: 'Ana-setup-role-kinkajou-3356',
  newEmail: 'ana-new-address-bilby-8842@example.com',
};

let owner: TestMember;
let ana: TestMember;
let bo: TestMember;
let cy: TestMember;
let boPost: Post;
let anaPost: Post;
let anaFileKey: string;

async function readModelRowsNaming(memberId: string): Promise<string[]> {
  const tables = [...new Set(model.projections.flatMap((p) => p.tables))];
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)} t
      where t::text like ${`%${memberId}%`}`.execute(db());
    if (rows[0]!.count > 0) found.push(table);
  }
  return found;
}

async function postOf(viewer: TestMember, postId: string): Promise<Post> {
  return (await api(viewer).get(`/posts/${postId}`).expect(200)).body as Post;
}

async function profileOf(viewer: TestMember, member: TestMember): Promise<Profile> {
  return (await api(viewer).get(`/users/${member.id}`).expect(200)).body as Profile;
}

/**
 * Ana's profile, follows both ways, uuidv7 mapping, sequence and onboarding (an owner's, so its
 * owner setup too: she is made an owner once the refusals, which need a single owner, are done).
 */
async function giveAnaAProfile(): Promise<void> {
  await api(owner).post(`/admin/users/${ana.id}/role`, { role: 'owner' }).expect(204);
  await api(ana)
    .patch(`/users/${ana.id}`, {
      bio: secret.bio,
      company: secret.company,
      phone: secret.phone,
      skills: [secret.skill],
      birthDate: '1990-04-12',
    })
    .expect(200);
  await api(ana).put('/me/profile-card-settings', { showPhone: true }).expect(200);
  await api(ana).post(`/users/${bo.id}/follow`).expect(200);
  await api(cy).post(`/users/${ana.id}/follow`).expect(200);
  await api(cy).post(`/users/${bo.id}/follow`).expect(200);
  await api(ana)
    .post('/user_mappings', {
      user_id: ana.id,
      uuidv7: '01936f2a-5b7c-7d8e-9f01-23456789abcd',
      email: secret.mappingEmail,
      created_at: '2026-01-02T03:04:05.000Z',
    })
    .expect(201);
  await api(ana).post(`/users/${ana.id}/sequence`).expect(200);
  await api(ana).post(`/users/${ana.id}/sequence`).expect(200);
  await api(ana)
    .patch('/me/settings', { appearance: { fontSize: 'large' }, notifications: { sms: true } })
    .expect(200);
  await api(ana).post('/me/email', { email: secret.newEmail, password: ana.password }).expect(200);
  const started = await api(ana)
    .post('/onboarding/start', {
      userId: ana.id,
      accountType: 'owner',
      userData: {
        useCase: 'business',
        experienceLevel: 'advanced',
        primaryGoal: 'business',
        preferredFeatures: ['analytics', 'security'],
        timeAvailability: 'extensive',
      },
      ownerSetup: {
        isOwner: true,
        companyName: secret.setupCompany,
        role: secret.setupRole,
        industry: 'finance',
        teamSize: '11-50',
        primaryUseCase: 'customer',
      },
    })
    .expect(200);
  const [firstStep] = (started.body as { steps: string[] }).steps;
  await api(ana)
    .post('/onboarding/complete-step', { userId: ana.id, stepId: firstStep })
    .expect(200);
}

beforeAll(async () => {
  owner = await signUp(stack.server);
  [ana, bo, cy] = [
    await signUp(stack.server),
    await signUp(stack.server),
    await signUp(stack.server),
  ];
  await befriend(stack.server, ana, bo);
  await sendFriendRequest(stack.server, ana, cy, secret.requestNote);

  const conversation = await startConversation(stack.server, ana, bo);
  await api(ana)
    .post(`/conversations/${conversation.id}/messages`, { content: secret.message })
    .expect(201);

  anaPost = (
    await api(ana)
      .post('/posts', { title: secret.postTitle, content: secret.postBody, status: 'published' })
      .expect(201)
  ).body as Post;
  boPost = (
    await api(bo)
      .post('/posts', { title: 'Bo writes', content: 'Plain words', status: 'published' })
      .expect(201)
  ).body as Post;
  await api(bo).post(`/posts/${anaPost.id}/like`).expect(200);
  await api(ana).post(`/posts/${boPost.id}/like`).expect(200);
  await api(ana).post(`/posts/${boPost.id}/save`).expect(200);
  // Reposts both ways, fanned out into each other's and their followers' home timelines.
  await api(ana).post(`/posts/${boPost.id}/repost`).expect(200);
  await api(bo).post(`/posts/${anaPost.id}/repost`).expect(200);
  const comment = (
    await api(ana).post(`/posts/${boPost.id}/comments`, { content: secret.comment }).expect(201)
  ).body as Comment;
  await api(bo)
    .post(`/posts/${boPost.id}/comments`, { content: 'A reply', parentId: comment.id })
    .expect(201);
  await api(bo).post(`/posts/${boPost.id}/comments`, { content: 'Bo on his own' }).expect(201);
  anaFileKey = (
    await uploaded(stack.server, ana, { buffer: textOf(300, 'q'), filename: secret.fileName })
  ).key;
});

describe('refusals', () => {
  it('changes nothing on bad input, a wrong password or without a session', async () => {
    const events = await countEvents(db());
    const before = await snapshotReadModels(db());

    const wrongWord = await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'delete' })
      .expect(400);
    expect(wrongWord.body.error.message).toBe(accountMessages.confirmationMismatch);
    const wrongPassword = await api(ana)
      .post('/me/delete', { password: 'not-her-password', confirmation: 'DELETE' })
      .expect(403);
    expect(wrongPassword.body.error.message).toBe(accountMessages.wrongPassword);
    await api(ana).post('/me/delete', {}).expect(400);
    await api(ana).post('/me/delete', { password: ana.password }).expect(400);
    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE', extra: 1 })
      .expect(400);
    // The only owner must hand the role on first.
    const lastOwner = await api(owner)
      .post('/me/delete', { password: owner.password, confirmation: 'DELETE' })
      .expect(409);
    expect(lastOwner.body.error.message).toBe(accountMessages.lastOwner);
    await request(stack.server.url)
      .post('/api/me/delete')
      .send({ password: ana.password, confirmation: 'DELETE' })
      .expect(401);

    expect(await countEvents(db())).toBe(events);
    expect(await snapshotReadModels(db())).toEqual(before);
    await api(ana).get('/me/privacy').expect(200);
  });
});

describe('deleting an account', () => {
  let backup: Backup;
  let cySocket: Socket | undefined;

  beforeAll(giveAnaAProfile);
  afterAll(() => cySocket?.disconnect());

  it('removes the member everywhere, corrects the others and leaves their data unreadable', async () => {
    // A backup taken while Ana still exists, restored at the end.
    const started = await api(owner).post('/backups', { type: 'full' }).expect(202);
    backup = await eventually(
      async () => (await api(owner).get(`/backups/${started.body.id}`).expect(200)).body as Backup,
      (b) => !['pending', 'running'].includes(b.status),
    );
    expect(backup.status).toBe('completed');

    expect(await postOf(bo, boPost.id)).toMatchObject({ likes: 1, comments: 3 });
    expect((await badgesOf(stack.server, bo)).messages).toBe(1);
    expect((await badgesOf(stack.server, cy)).friendRequests).toBe(1);
    const boLikes = await api(bo).get('/me/likes-received').expect(200);
    expect(boLikes.body.total).toBe(1);
    expect((await profileOf(cy, bo)).stats).toMatchObject({ followers: 2, likes: 1 });
    expect((await profileOf(cy, cy)).stats).toMatchObject({ following: 2 });
    // Cy watches Bo's and Ana's profiles: Bo's counts drop live when Ana goes, and Ana's is
    // refetched (and found gone).
    cySocket = await connectAs(stack.server, cy);
    const watching = (await cySocket
      .timeout(5000)
      .emitWithAck(profileLiveEvents.watch, { userIds: [bo.id, ana.id] })) as {
      watching: string[];
    };
    expect(watching.watching).toEqual([bo.id, ana.id]);
    const boVersion = (await profileOf(cy, bo)).version;
    const anaVersion = (await profileOf(cy, ana)).version;
    const boStatsPushed = waitForEvent<ProfileStatsPayload>(
      cySocket,
      profileLiveEvents.stats,
      (p) => p.userId === bo.id && p.stats.followers === 1,
    );
    const anaGone = waitForEvent<{ userId: string; version: number }>(
      cySocket,
      profileLiveEvents.changed,
      (p) => p.userId === ana.id,
    );

    const storedBytes = path.join(filesDir, 'objects', 'files', anaFileKey);
    expect(existsSync(storedBytes)).toBe(true);
    const socket = await connectAs(stack.server, ana);
    const closed = waitForEvent<string>(socket, 'disconnect');
    const deleted = await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/agora_session=;/);
    // Her open sockets close once the relay sees the deletion.
    expect(await closed).toBe('io server disconnect');

    // Signed out, and gone as an account.
    await api(ana).get('/me/privacy').expect(401);
    await api(bo).get(`/posts/${anaPost.id}`).expect(404);
    expect(await readModelRowsNaming(ana.id)).toEqual([]);
    expect(existsSync(storedBytes)).toBe(false);

    // The others' counts no longer hold anything of hers.
    expect(await postOf(bo, boPost.id)).toMatchObject({ likes: 0, comments: 1 });
    expect(await badgesOf(stack.server, bo)).toMatchObject({ messages: 0, friendRequests: 0 });
    expect((await badgesOf(stack.server, cy)).friendRequests).toBe(0);
    expect((await api(bo).get('/me/likes-received').expect(200)).body.total).toBe(0);
    expect((await api(bo).get('/friends').expect(200)).text).not.toContain(ana.id);
    const boNow = await profileOf(cy, bo);
    expect(boNow.stats).toMatchObject({ followers: 1, likes: 0 });
    expect(boNow.version).toBeGreaterThan(boVersion);
    expect((await profileOf(cy, cy)).stats).toMatchObject({ following: 1 });
    expect((await boStatsPushed).version).toBe(boNow.version);
    expect((await anaGone).version).toBeGreaterThan(anaVersion);
    await api(cy).get(`/users/${ana.id}`).expect(404);
    expect((await api(cy).get(`/users/${cy.id}/following`).expect(200)).text).not.toContain(ana.id);

    // Nothing she was can be read anywhere in the database, the event log included.
    const needles = [ana.username, ana.email, ...Object.values(secret)];
    expect(await tablesContaining(db(), needles)).toEqual([]);
    const { rows } = await sql<{ type: string }>`
      select type from events where stream_id = ${`user-${ana.id}`} order by stream_version`.execute(
      db(),
    );
    expect(rows.at(-1)?.type).toBe('AccountDeleted');
    // The redacted events still pass their schemas, so every reader of the log takes them.
    const log = await db().selectFrom('events').select(['type', 'data']).execute();
    const invalid = log.filter(
      (event) =>
        !isEventType(event.type) || !eventSchemas[event.type].safeParse(event.data).success,
    );
    expect(invalid).toEqual([]);
    const erased = await db().selectFrom('erased_members').selectAll().execute();
    expect(erased.map((row) => row.user_id)).toEqual([ana.id]);
    // Last: a failed sign-in records the address typed, as for any unknown address.
    await signIn(stack.server, { email: ana.email, password: ana.password }).expect(404);
  });

  it('rebuilds the read models from the redacted log without her', async () => {
    const before = await snapshotReadModels(db());
    await rebuild(db());
    expect(await snapshotReadModels(db())).toEqual(before);
    expect(await readModelRowsNaming(ana.id)).toEqual([]);
    expect((await profileOf(cy, bo)).stats).toMatchObject({ followers: 1, likes: 0 });
  });

  it('keeps her gone and unreadable after restoring a backup taken before the deletion', async () => {
    const res = await api(owner)
      .post(`/backups/${backup.id}/restore`, { overwrite: true })
      .expect(202);
    const jobId = (res.body as RestoreJob).id;
    const job = await eventually(
      async () => (await readRestoreJob(db(), jobId))!,
      (j) => j.status === 'completed' || j.status === 'failed',
    );
    expect(job).toMatchObject({ status: 'completed' });
    // Overwriting put her events back as the backup held them, before they were redacted.
    expect(job.restoredEvents).toBeGreaterThan(0);

    expect(await readModelRowsNaming(ana.id)).toEqual([]);
    // The sign-in attempt above left the address it typed in the throttles, as any attempt does.
    const needles = [ana.username, ana.email, ...Object.values(secret)];
    const found = await tablesContaining(db(), needles);
    expect(found.filter((hit) => !hit.startsWith('sign_in_'))).toEqual([]);
    expect(await postOf(bo, boPost.id)).toMatchObject({ likes: 0, comments: 1 });
    expect(await badgesOf(stack.server, bo)).toMatchObject({ messages: 0, friendRequests: 0 });
    await signIn(stack.server, { email: ana.email, password: ana.password }).expect(404);

    // A rebuild after the restore still agrees.
    const restored = await snapshotReadModels(db());
    await rebuild(db());
    expect(await snapshotReadModels(db())).toEqual(restored);
  });
});
