import { jest } from '@jest/globals';
import type { MediaFile, UploadResult } from '../../shared/media';
import { eventually } from '../support/eventually';
import { png } from '../support/media-fixtures';
import {
  apiExpect,
  NodeProcess,
  signUpMember,
  useNodesDatabase,
  type Member,
} from './fault-tolerance-support';

// Two real processes start (tsx compiles the server), and one wait outlasts the cache's trust.
jest.setTimeout(180_000);

/** How long a process trusts its cache after its relay last read the log (cdn-access-cache.ts). */
const TRUST_MS = 3000;

const database = useNodesDatabase();

/**
 * The two processes, started side by side once for the file: each test makes its own members and
 * files, so what one left in a cache is nothing the other reads.
 */
let a: NodeProcess;
let b: NodeProcess;
beforeAll(async () => {
  [a, b] = await Promise.all([
    NodeProcess.start(database().url),
    NodeProcess.start(database().url),
  ]);
});

async function upload(url: string, member: Member, name: string): Promise<MediaFile> {
  const form = new FormData();
  form.set('isPublic', 'true');
  form.set('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), name);
  const res = await fetch(`${url}/api/upload/${member.id}/images`, {
    method: 'POST',
    headers: { cookie: member.cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as UploadResult).file;
}

/** A `/cdn` read on one process: its status and the file name it is served under. */
async function read(url: string, path: string, member?: Member) {
  const res = await fetch(`${url}${path}`, { headers: member ? { cookie: member.cookie } : {} });
  await res.arrayBuffer();
  const name = /filename="?([^";]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { status: res.status, name };
}

const untilStatus = (url: string, path: string, member: Member | undefined, status: number) =>
  eventually(
    () => read(url, path, member),
    (answer) => answer.status === status,
    { attempts: 400, intervalMs: 25 },
  );

describe('the /cdn cache of each process', () => {
  it('is dropped on every process when a file is made private, its owner blocks the reader, or it is deleted', async () => {
    const owner = await signUpMember(a.url, 'cdn');
    const reader = await signUpMember(a.url, 'cdn');
    const photo = await upload(a.url, owner, 'photo.png');
    const path = `/cdn/${photo.key}`;

    // B serves the row from its cache: a rename made in the read model behind the events' back
    // is not seen there. (A read while the cache is not yet trusted goes to Postgres and keeps
    // nothing, hence the attempts.)
    let cachedName: string | undefined;
    for (let attempt = 1; attempt <= 50 && cachedName === undefined; attempt++) {
      const before = await read(b.url, path, reader);
      expect(before.status).toBe(200);
      await database()
        .db.updateTable('files')
        .set({ name: `renamed-${attempt}.png` })
        .where('id', '=', photo.id)
        .execute();
      const after = await read(b.url, path, reader);
      if (after.name === before.name) cachedName = before.name;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(cachedName).toBeDefined();
    // Nothing but an event drops it: not time, while the relay keeps reading the log.
    await new Promise((resolve) => setTimeout(resolve, TRUST_MS + 1000));
    expect(await read(b.url, path, reader)).toEqual({ status: 200, name: cachedName });

    // Made private on A: B stops serving it to the reader, and a signed link still works there.
    await apiExpect(200, a.url, owner, 'PATCH', `/files/${photo.key}`, { isPublic: false });
    expect((await untilStatus(b.url, path, reader, 404)).status).toBe(404);
    const { downloadUrl } = await apiExpect<{ downloadUrl: string }>(
      200,
      a.url,
      owner,
      'GET',
      `/download/${photo.key}`,
    );
    const signed = downloadUrl.slice(downloadUrl.indexOf('/cdn/'));
    expect((await read(b.url, signed)).status).toBe(200);
    await apiExpect(200, a.url, owner, 'PATCH', `/files/${photo.key}`, { isPublic: true });
    expect((await untilStatus(b.url, path, reader, 200)).status).toBe(200);

    // On the process that ran the command, the cache is dropped before the command answers.
    await apiExpect(200, b.url, owner, 'PATCH', `/files/${photo.key}`, { isPublic: false });
    expect((await read(b.url, path, reader)).status).toBe(404);
    await apiExpect(200, b.url, owner, 'PATCH', `/files/${photo.key}`, { isPublic: true });
    expect((await read(b.url, path, reader)).status).toBe(200);

    // The reader's blocks are kept too: a block on A reaches B, and so does its lifting.
    await apiExpect(201, a.url, owner, 'POST', '/friends/blocks', { userId: reader.id });
    expect((await untilStatus(b.url, path, reader, 404)).status).toBe(404);
    expect((await read(b.url, path, owner)).status).toBe(200);
    await apiExpect(204, a.url, owner, 'DELETE', `/friends/blocks/${reader.id}`);
    expect((await untilStatus(b.url, path, reader, 200)).status).toBe(200);

    // Deleted on A: gone on B, for the owner and for the signed link alike.
    expect((await read(b.url, signed)).status).toBe(200);
    await apiExpect(204, a.url, owner, 'DELETE', `/files/${photo.key}`);
    expect((await untilStatus(b.url, path, owner, 404)).status).toBe(404);
    expect((await read(b.url, signed)).status).toBe(404);
  });

  it('drops a session on every process when it ends on one', async () => {
    const owner = await signUpMember(a.url, 'cdn');
    const reader = await signUpMember(a.url, 'cdn');
    const path = `/cdn/${(await upload(a.url, owner, 'photo.png')).key}`;
    // B keeps the reader's session once it has looked it up (again: until its cache is trusted).
    expect((await untilStatus(b.url, path, reader, 200)).status).toBe(200);
    expect((await read(b.url, path, reader)).status).toBe(200);

    // Signed out on A: B no longer takes the cookie, and a public file needs a member.
    await apiExpect(204, a.url, reader, 'POST', '/auth/sign-out');
    expect((await untilStatus(b.url, path, reader, 404)).status).toBe(404);
    expect((await read(b.url, path, owner)).status).toBe(200);
  });
});
