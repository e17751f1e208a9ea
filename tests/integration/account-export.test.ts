import request from 'supertest';
import yauzl from 'yauzl';
import { accountMessages, exportFileName } from '../../shared/account';
import type { Post } from '../../shared/posts';
import { as, befriend, signUp, startConversation, type TestMember } from '../support/factories';
import { textOf, uploaded } from '../support/media-fixtures';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase({ env: { EXPORTS_PER_MEMBER_PER_HOUR: '2' } });
const api = (member: TestMember) => as(stack.server, member);

/** The entries of a zip, by name, with their contents. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

function download(member: TestMember) {
  return request(stack.server.url)
    .get('/api/me/export')
    .set('cookie', member.cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const json = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)!.toString('utf8')) as Record<string, unknown>;

let ana: TestMember;
let bo: TestMember;

beforeAll(async () => {
  ana = await signUp(stack.server);
  bo = await signUp(stack.server);
});

it('needs a session', async () => {
  await request(stack.server.url).get('/api/me/export').expect(401);
});

it("zips everything of the member's own and nothing of anyone else's, then limits exports", async () => {
  await befriend(stack.server, ana, bo);
  const conversation = await startConversation(stack.server, ana, bo);
  await api(ana)
    .post(`/conversations/${conversation.id}/messages`, { content: 'Ana says hello' })
    .expect(201);
  await api(bo)
    .post(`/conversations/${conversation.id}/messages`, { content: 'Bo answers privately' })
    .expect(201);
  const anaPost = (
    await api(ana)
      .post('/posts', { title: 'Ana posts', content: 'Her words', status: 'published' })
      .expect(201)
  ).body as Post;
  const boPost = (
    await api(bo)
      .post('/posts', { title: 'Bo posts', content: 'His words', status: 'published' })
      .expect(201)
  ).body as Post;
  await api(ana).post(`/posts/${boPost.id}/comments`, { content: 'Ana comments' }).expect(201);
  await api(bo).post(`/posts/${anaPost.id}/comments`, { content: 'Bo comments' }).expect(201);
  await api(ana).post(`/posts/${boPost.id}/like`).expect(200);
  const file = await uploaded(stack.server, ana, {
    buffer: textOf(500, 'z'),
    filename: 'notes.txt',
  });
  await uploaded(stack.server, bo, { buffer: textOf(50, 'b'), filename: 'bo.txt' });
  await api(ana)
    .patch(`/users/${ana.id}`, {
      bio: 'Ana writes here',
      company: 'Ana & Co',
      birthDate: '1991-02-03',
      skills: ['Rust'],
    })
    .expect(200);
  await api(ana).put('/me/profile-card-settings', { showEmail: true }).expect(200);
  await api(ana).post(`/users/${bo.id}/follow`).expect(200);
  await api(bo).post(`/users/${ana.id}/follow`).expect(200);
  await api(ana)
    .post('/user_mappings', {
      user_id: ana.id,
      uuidv7: '01936f2a-5b7c-7d8e-9f01-23456789abce',
      email: 'ana-mapped@example.com',
      created_at: '2026-01-02T03:04:05.000Z',
    })
    .expect(201);
  await api(ana).post(`/users/${ana.id}/sequence`).expect(200);
  const userData = {
    useCase: 'developer',
    experienceLevel: 'intermediate',
    primaryGoal: 'learning',
    preferredFeatures: ['posts'],
    timeAvailability: 'moderate',
  };
  const onboarding = await api(ana)
    .post('/onboarding/start', { userId: ana.id, accountType: 'regular', userData })
    .expect(200);
  const [firstStep] = (onboarding.body as { steps: string[] }).steps;
  await api(ana)
    .post('/onboarding/complete-step', { userId: ana.id, stepId: firstStep })
    .expect(200);

  const res = await download(ana).expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename=${exportFileName(new Date())}`,
  );
  expect(res.headers['cache-control']).toBe('private, no-store');
  const entries = await unzip(res.body as Buffer);
  expect([...entries.keys()]).toEqual([
    'README.txt',
    'profile.json',
    'posts.json',
    'comments.json',
    'messages.json',
    'friends.json',
    'follows.json',
    'notifications.json',
    'files.json',
    `files/${file.key}`,
  ]);
  expect(entries.get('README.txt')!.toString()).toContain('messages.json');

  const profile = json(entries, 'profile.json');
  expect(profile.account).toMatchObject({ id: ana.id, username: ana.username, email: ana.email });
  expect(JSON.stringify(profile)).not.toMatch(/password|argon/i);
  expect(profile.profile).toMatchObject({
    bio: 'Ana writes here',
    company: 'Ana & Co',
    birthDate: '1991-02-03',
    skills: ['Rust'],
    cardSettings: expect.objectContaining({ showEmail: true, showPhone: false }),
  });
  expect(profile.stats).toMatchObject({ posts: 1, followers: 1, following: 1 });
  expect(profile.userMapping).toMatchObject({
    uuidv7: '01936f2a-5b7c-7d8e-9f01-23456789abce',
    email: 'ana-mapped@example.com',
    createdAt: '2026-01-02T03:04:05.000Z',
  });
  expect(profile.sequence).toBe(1);
  expect(profile.onboarding).toMatchObject({
    accountType: 'regular',
    choices: userData,
    ownerSetup: null,
    completedSteps: [firstStep],
    completedAt: null,
  });

  const follows = json(entries, 'follows.json') as {
    following: { userId: string; since: string }[];
    followers: { userId: string; since: string }[];
  };
  expect(follows.following).toEqual([{ userId: bo.id, since: expect.any(String) }]);
  expect(follows.followers).toEqual([{ userId: bo.id, since: expect.any(String) }]);

  const posts = json(entries, 'posts.json');
  expect(posts.posts).toEqual([expect.objectContaining({ id: anaPost.id, title: 'Ana posts' })]);
  expect(posts.liked).toEqual([expect.objectContaining({ postId: boPost.id })]);

  const comments = json(entries, 'comments.json') as unknown as { content: string }[];
  expect(comments.map((c) => c.content)).toEqual(['Ana comments']);

  const messages = json(entries, 'messages.json') as {
    conversations: { id: string; participantIds: string[] }[];
    messages: { content: string }[];
  };
  expect(messages.conversations).toEqual([
    expect.objectContaining({
      id: conversation.id,
      participantIds: expect.arrayContaining([bo.id]),
    }),
  ]);
  expect(messages.messages.map((m) => m.content)).toEqual(['Ana says hello']);

  const friends = json(entries, 'friends.json') as { friends: { userId: string }[] };
  expect(friends.friends.map((f) => f.userId)).toEqual([bo.id]);

  const notifications = json(entries, 'notifications.json') as unknown as { type: string }[];
  expect(notifications.length).toBeGreaterThan(0);

  const files = json(entries, 'files.json') as unknown as { name: string; path: string }[];
  expect(files).toEqual([
    expect.objectContaining({ name: 'notes.txt', path: `files/${file.key}` }),
  ]);
  expect(entries.get(`files/${file.key}`)).toEqual(textOf(500, 'z'));

  // Nothing of Bo's own: his message, post, comment and file are absent. (Her notification of
  // his comment quotes it: the notification is hers.)
  const everything = [...entries]
    .filter(([name]) => name !== 'notifications.json')
    .map(([, bytes]) => bytes.toString('latin1'))
    .join('\n');
  for (const his of ['Bo answers privately', 'Bo posts', 'Bo comments', 'bo.txt', bo.email]) {
    expect(everything).not.toContain(his);
  }

  // Exports are expensive: two an hour in this server, then a clear refusal.
  await download(ana).expect(200);
  const limited = await download(ana).expect(429);
  expect(JSON.parse((limited.body as Buffer).toString()).error.message).toBe(
    accountMessages.exportsLimited,
  );
  expect(limited.headers['retry-after']).toBeDefined();
  // Another member's limit is their own.
  await download(bo).expect(200);
});
