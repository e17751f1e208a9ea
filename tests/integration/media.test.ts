import { createHash } from 'node:crypto';
import http from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import yauzl from 'yauzl';
import {
  mediaMessages,
  MEDIA_SOCKET_EVENTS,
  type FilesPage,
  type MediaFile,
} from '../../shared/media';
import {
  as,
  countEvents,
  signUpMembers,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import {
  cdnPath,
  clipWebm,
  executable,
  jpegWithLocation,
  png,
  textOf,
  uploadAs,
  uploaded,
} from '../support/media-fixtures';
import { keepAliveConnection } from '../support/keep-alive';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const MAX_FILE = 2_000_000;
const QUOTA = 6_000_000;
const stack = useServerWithDatabase({
  env: { MEDIA_MAX_FILE_BYTES: String(MAX_FILE), MEDIA_QUOTA_BYTES: String(QUOTA) },
});
const db = () => stack.database.db;
const filesDir = () => stack.server.application.deps.config.FILES_DIR!;
const stagingEntries = () => readdirSync(path.join(filesDir(), 'staging'));
const storedPath = (key: string) => path.join(filesDir(), 'objects', 'files', key);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const cdn = (url: string, member?: TestMember) => {
  const test = request(stack.server.url).get(cdnPath(url)).buffer(true);
  test.parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return member ? test.set('cookie', member.cookie) : test;
};

async function filesOf(member: TestMember, query = ''): Promise<MediaFile[]> {
  const res = await as(stack.server, member).get(`/files${query}`).expect(200);
  return (res.body as FilesPage).files;
}

async function nothingWritten(before: number) {
  expect(await countEvents(db())).toBe(before);
  expect(stagingEntries()).toEqual([]);
}

describe('uploading', () => {
  it('stores a photo privately, without its EXIF location, typed and hashed by its bytes', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const photo = await jpegWithLocation(400, 300);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { url, key, file } = await uploaded(stack.server, ana, {
      buffer: photo,
      filename: 'holiday.jpg',
      contentType: 'text/plain',
    });
    expect(file).toMatchObject({
      key,
      url,
      name: 'holiday.jpg',
      kind: 'image',
      mimeType: 'image/jpeg',
      isPublic: false,
      dimensions: { width: 400, height: 300 },
      uploadedBy: { id: ana.id },
    });
    expect(key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const served = await cdn(url).expect(200);
    expect(served.headers['cache-control']).toMatch(/^private/);
    const bytes = served.body as Buffer;
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(sha256(bytes)).toBe(file.sha256);
    expect(file.size).toBe(bytes.length);
    expect(stagingEntries()).toEqual([]);
  });

  it('keeps the EXIF when the uploader asks to', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const photo = await jpegWithLocation();
    const { file } = await uploaded(
      stack.server,
      ana,
      { buffer: photo, filename: 'keep.jpg' },
      { fields: { keepLocation: 'true' } },
    );
    expect(file.sha256).toBe(sha256(photo));
  });

  it('refuses a type that is not allowed, by its bytes, whatever its name and claim', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const before = await countEvents(db());
    const res = await uploadAs(stack.server, ana, {
      buffer: executable(),
      filename: 'cat.jpg',
      contentType: 'image/jpeg',
    }).expect(415);
    expect(res.body.error.message).toBe(
      mediaMessages.typeNotAllowed('application/x-msdownload', [
        'image/*',
        'video/*',
        'audio/*',
        'application/pdf',
        'text/*',
      ]),
    );
    await nothingWritten(before);
  });

  it('refuses a file past the limit while it streams (413), keeping nothing of it', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const before = await countEvents(db());
    const res = await uploadAs(stack.server, ana, {
      buffer: textOf(MAX_FILE + 500_000),
      filename: 'big.txt',
    }).expect(413);
    expect(res.body.error).toMatchObject({
      code: 'file-too-large',
      message: mediaMessages.fileTooLarge(MAX_FILE),
    });
    await nothingWritten(before);
    expect(await filesOf(ana)).toEqual([]);
  });

  it('refuses an empty file and a request with no file', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    await uploadAs(stack.server, ana, { buffer: Buffer.alloc(0), filename: 'empty.txt' }).expect(
      400,
    );
    const res = await request(stack.server.url)
      .post(`/api/upload/${ana.id}/images`)
      .set('cookie', ana.cookie)
      .field('isPublic', 'true')
      .expect(400);
    expect(res.body.error.message).toBe(mediaMessages.noFile);
    await request(stack.server.url)
      .post(`/api/upload/${ana.id}/images`)
      .set('cookie', ana.cookie)
      .send({ file: 'not multipart' })
      .expect(400);
  });

  it("refuses an upload into another member's files, and an anonymous one", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await uploadAs(
      stack.server,
      ana,
      { buffer: await png(), filename: 'a.png' },
      { userId: ben.id },
    ).expect(403);
    await request(stack.server.url)
      .post(`/api/upload/${ana.id}/images`)
      .attach('file', await png(), 'a.png')
      .expect(401);
  });

  it('holds each member to their quota, with a clear message', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    for (let i = 0; i < 3; i += 1) {
      await uploaded(stack.server, ana, { buffer: textOf(1_900_000, 'b'), filename: `${i}.txt` });
    }
    const before = await countEvents(db());
    const res = await uploadAs(stack.server, ana, {
      buffer: textOf(1_000_000),
      filename: 'more.txt',
    }).expect(413);
    expect(res.body.error.code).toBe('quota-exceeded');
    expect(res.body.error.message).toBe(mediaMessages.quotaExceeded('5.44 MB', '5.72 MB'));
    await nothingWritten(before);
    const usage = await as(stack.server, ana).get('/files/usage').expect(200);
    expect(usage.body).toEqual({ used: 5_700_000, quota: QUOTA, files: 3 });
  });

  it('uploads several files together, or none when one is refused', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const many = request(stack.server.url)
      .post(`/api/upload/${ana.id}/images/multiple`)
      .set('cookie', ana.cookie)
      .attach('files', await png(), 'one.png')
      .attach('files', await png(), 'two.png')
      .attach('files', textOf(100), 'three.txt');
    const res = await many.expect(201);
    expect((res.body.files as { file: MediaFile }[]).map((f) => f.file.name)).toEqual([
      'one.png',
      'two.png',
      'three.txt',
    ]);
    const before = await countEvents(db());
    await request(stack.server.url)
      .post(`/api/upload/${ana.id}/images/multiple`)
      .set('cookie', ana.cookie)
      .attach('files', await png(), 'fine.png')
      .attach('files', executable(), 'bad.png')
      .expect(415);
    await nothingWritten(before);
    const eleven = request(stack.server.url)
      .post(`/api/upload/${ana.id}/images/multiple`)
      .set('cookie', ana.cookie);
    for (let i = 0; i < 11; i += 1) eleven.attach('files', textOf(10), `${i}.txt`);
    const tooMany = await eleven.expect(400);
    expect(tooMany.body.error.message).toBe(mediaMessages.tooManyFiles(10));
    await nothingWritten(before);
  });
});

describe('who reads a file', () => {
  it('serves a private file to its owner and a signed link only; a public one to every member', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const { file } = await uploaded(stack.server, ana, { buffer: await png(), filename: 'p.png' });
    const unsigned = `/cdn/${file.key}`;
    await cdn(unsigned, ana).expect(200);
    await cdn(unsigned, ben).expect(404);
    await cdn(unsigned).expect(404);
    await as(stack.server, ben).get(`/files/${file.key}/info`).expect(404);
    // The link the owner is given works for whoever holds it, until it expires.
    await cdn(file.url).expect(200);
    await cdn(file.url.replace(/sig=[^&]+/, 'sig=forged')).expect(403);
    await cdn(`${unsigned}?exp=1000&sig=whatever`).expect(403);

    await as(stack.server, ana).patch(`/files/${file.key}`, { isPublic: true }).expect(200);
    const shared = await cdn(unsigned, ben).expect(200);
    expect(shared.headers['cache-control']).toBe('public, max-age=86400, immutable');
    await cdn(unsigned).expect(404);
    const info = await as(stack.server, ben).get(`/files/${file.key}/info`).expect(200);
    expect(info.body.metadata.url).toBe(`http://localhost:8080/cdn/${file.key}`);

    await as(stack.server, ben).delete(`/files/${file.key}`).expect(403);
    await as(stack.server, ben).patch(`/files/${file.key}`, { isStarred: true }).expect(403);
  });

  it('hides a public file from a member either side has blocked', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const { file } = await uploaded(
      stack.server,
      ana,
      { buffer: await png(), filename: 'p.png' },
      { fields: { isPublic: 'true' } },
    );
    await cdn(`/cdn/${file.key}`, ben).expect(200);
    // Through the commands, as members block: the server keeps rows and blocks per process and
    // drops them on the events.
    await as(stack.server, ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    await cdn(`/cdn/${file.key}`, ben).expect(404);
    await as(stack.server, ana).delete(`/friends/blocks/${ben.id}`).expect(204);
    await cdn(`/cdn/${file.key}`, ben).expect(200);
    await as(stack.server, ben).post('/friends/blocks', { userId: ana.id }).expect(201);
    await cdn(`/cdn/${file.key}`, ben).expect(404);
    await cdn(`/cdn/${file.key}`, ana).expect(200);
  });

  it('answers 304 to a known ETag and byte ranges with 206', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const clip = clipWebm();
    const { file } = await uploaded(
      stack.server,
      ana,
      { buffer: clip, filename: 'clip.webm' },
      { folder: 'videos' },
    );
    const whole = await cdn(file.url).expect(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    await cdn(file.url).set('if-none-match', etag).expect(304);
    const part = await cdn(file.url).set('range', 'bytes=100-199').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
    expect(part.body).toEqual(clip.subarray(100, 200));
    await cdn(file.url)
      .set('range', `bytes=${clip.length + 10}-`)
      .expect(416);
  });

  it('serves markup as an attachment, never as a page of this site', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const { file } = await uploaded(stack.server, ana, {
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'page.html',
      contentType: 'text/html',
    });
    expect(file.mimeType).toBe('text/html');
    const res = await cdn(file.url).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('gives signed, expiring download links', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const { file } = await uploaded(stack.server, ana, {
      buffer: textOf(300),
      filename: 'notes.txt',
    });
    const link = await as(stack.server, ana).get(`/download/${file.key}`).expect(200);
    const expires = Date.parse(link.body.expiresAt as string);
    expect(expires - Date.now()).toBeGreaterThan(3500_000);
    const res = await cdn(link.body.downloadUrl as string).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=notes.txt');
    await as(stack.server, ana).get(`/download/${file.key}?expiresIn=0`).expect(400);
    await as(stack.server, ben).get(`/download/${file.key}`).expect(404);
  });
});

describe('image transforms at CDN URLs', () => {
  let photo: MediaFile;
  let owner: TestMember;
  beforeAll(async () => {
    [owner] = await signUpMembers(stack.server, 1);
    const big = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    photo = (await uploaded(stack.server, owner, { buffer: big, filename: 'big.jpg' })).file;
  });

  it.each([
    ['w=640&f=webp', { width: 640, height: 480, format: 'webp' }],
    ['w=300&h=300&f=webp&q=80', { width: 300, height: 300, format: 'webp' }],
    ['w=320&h=100&fit=contain&f=png', { width: 320, height: 100, format: 'png' }],
    ['w=200&h=200&fit=inside&f=avif', { width: 200, height: 150, format: 'heif' }],
    ['w=100&rotate=90&f=jpeg&blur=2&sharpen', { width: 100, height: 133, format: 'jpeg' }],
    ['w=4096', { width: 4000, height: 3000, format: 'jpeg' }],
  ])('?%s makes an image of the asked size and format', async (query, expected) => {
    const res = await cdn(`${photo.url}&${query}`).expect(200);
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual(expected);
  });

  it('makes each variant once, caches it on storage, and serves it with an ETag', async () => {
    const first = await cdn(`${photo.url}&w=123`).expect(200);
    const variants = path.join(filesDir(), 'objects', 'variants', photo.key);
    expect(readdirSync(variants).length).toBeGreaterThan(0);
    const again = await cdn(`${photo.url}&w=123&q=85`).expect(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toEqual(first.body);
    await cdn(`${photo.url}&w=123`)
      .set('if-none-match', first.headers.etag as string)
      .expect(304);
  });

  it.each([
    'w=0',
    'w=4097',
    'w=abc',
    'q=101',
    'f=gif',
    'fit=squash',
    'g=up',
    'blur=0.1',
    'rotate=45',
    'zoom=2',
  ])('refuses ?%s with 400', async (query) => {
    const res = await cdn(`${photo.url}&${query}`).expect(400);
    expect(res.body.toString()).toContain('bad-transform');
  });

  it('transforms images only', async () => {
    const { file } = await uploaded(stack.server, owner, { buffer: textOf(50), filename: 'a.txt' });
    await cdn(`${file.url}&w=100`).expect(400);
  });

  it('purges the variants of its own files only', async () => {
    const [other] = await signUpMembers(stack.server, 1);
    await cdn(`${photo.url}&w=222`).expect(200);
    const res = await as(stack.server, owner)
      .post('/cdn/purge', { files: [photo.url] })
      .expect(200);
    expect(res.body.purged).toBe(1);
    expect(res.body.variantsRemoved).toBeGreaterThan(0);
    expect(res.body.provider).toBeNull();
    expect(existsSync(path.join(filesDir(), 'objects', 'variants', photo.key))).toBe(false);
    await as(stack.server, other)
      .post('/cdn/purge', { files: [photo.key] })
      .expect(404);
  });

  it('reports the health of storage and the CDN', async () => {
    const res = await as(stack.server, owner).get('/cdn/health').expect(200);
    expect(res.body).toMatchObject({ status: 'healthy', storage: 'disk' });
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(['storage', 'cdn']);
  });
});

describe('the libraries', () => {
  it('lists by kind and tab, pages by cursor, and changes files one by one or in bulk', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const images: MediaFile[] = [];
    for (let i = 0; i < 5; i += 1) {
      images.push(
        (await uploaded(stack.server, ana, { buffer: await png(10 + i, 10), filename: `${i}.png` }))
          .file,
      );
    }
    await uploaded(
      stack.server,
      ana,
      { buffer: clipWebm(), filename: 'c.webm' },
      { folder: 'videos' },
    );
    const page1 = await as(stack.server, ana).get('/files?type=image&limit=2').expect(200);
    const page2 = await as(stack.server, ana)
      .get(`/files?type=image&limit=2&cursor=${page1.body.nextCursor as string}`)
      .expect(200);
    const page3 = await as(stack.server, ana)
      .get(`/files?type=image&limit=2&cursor=${page2.body.nextCursor as string}`)
      .expect(200);
    const listed = [...page1.body.files, ...page2.body.files, ...page3.body.files].map(
      (f: MediaFile) => f.name,
    );
    expect(listed).toEqual(['4.png', '3.png', '2.png', '1.png', '0.png']);
    expect(page3.body.nextCursor).toBeNull();
    await as(stack.server, ana).get('/files?cursor=nonsense').expect(400);

    const starred = await as(stack.server, ana)
      .patch(`/files/${images[0]!.key}`, { isStarred: true, tags: [' trip ', 'trip', 'sea'] })
      .expect(200);
    expect(starred.body).toMatchObject({ isStarred: true, tags: ['trip', 'sea'] });
    expect(starred.body.version).toBe(images[0]!.version + 2);
    await as(stack.server, ana)
      .post('/files/bulk', { keys: [images[1]!.key, images[2]!.key], action: 'archive' })
      .expect(200);
    const names = async (tab: string) =>
      (await filesOf(ana, `?type=image&tab=${tab}`)).map((f) => f.name);
    expect(await names('starred')).toEqual(['0.png']);
    expect(await names('archived')).toEqual(['2.png', '1.png']);
    expect(await names('all')).toEqual(['4.png', '3.png', '0.png']);
    expect(await names('recent')).toEqual(['4.png', '3.png', '0.png']);
    expect((await filesOf(ana, '?type=video')).map((f) => f.name)).toEqual(['c.webm']);

    const before = await countEvents(db());
    const [ben] = await signUpMembers(stack.server, 1);
    const bensFile = (await uploaded(stack.server, ben, { buffer: await png(), filename: 'b.png' }))
      .file;
    const afterBen = await countEvents(db());
    expect(afterBen).toBeGreaterThan(before);
    await as(stack.server, ana)
      .post('/files/bulk', { keys: [images[3]!.key, bensFile.key], action: 'delete' })
      .expect(404);
    expect(await countEvents(db())).toBe(afterBen);

    const deleted = await as(stack.server, ana)
      .post('/files/bulk', { keys: [images[3]!.key, images[4]!.key], action: 'delete' })
      .expect(200);
    expect(deleted.body.deleted).toEqual([images[3]!.key, images[4]!.key]);
    expect(existsSync(storedPath(images[3]!.key))).toBe(false);
    await cdn(images[3]!.url, ana).expect(404);
  });

  it('zips several files in one streamed download', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const a = (
      await uploaded(stack.server, ana, { buffer: textOf(1000, 'x'), filename: 'same.txt' })
    ).file;
    const b = (
      await uploaded(stack.server, ana, { buffer: textOf(2000, 'y'), filename: 'same.txt' })
    ).file;
    const res = await request(stack.server.url)
      .get(`/api/files/archive?keys=${a.key},${b.key}`)
      .set('cookie', ana.cookie)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await new Promise<{ name: string; size: number }[]>((resolve, reject) => {
      yauzl.fromBuffer(res.body as Buffer, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        const found: { name: string; size: number }[] = [];
        zip.on('entry', (entry: yauzl.Entry) => {
          found.push({ name: entry.fileName, size: entry.uncompressedSize });
          zip.readEntry();
        });
        zip.on('end', () => resolve(found));
        zip.readEntry();
      });
    });
    expect(entries).toEqual([
      { name: 'same.txt', size: 1000 },
      { name: 'same (2).txt', size: 2000 },
    ]);
  });
});

describe('videos', () => {
  it('knows a clip’s length and size, counts plays live to the owner, and takes a poster', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const { file } = await uploaded(
      stack.server,
      ana,
      { buffer: clipWebm(), filename: 'clip.webm' },
      { folder: 'videos', fields: { isPublic: 'true' } },
    );
    expect(file).toMatchObject({
      kind: 'video',
      dimensions: { width: 320, height: 240 },
      views: 0,
    });
    expect(file.duration).toBeCloseTo(3, 0);
    expect(file.thumbnailUrl).toBeNull();
    const socket = await connectAs(stack.server, ana);
    try {
      const pushed = waitForEvent<{ file: MediaFile }>(
        socket,
        MEDIA_SOCKET_EVENTS.fileUpdated,
        (p) => p.file.key === file.key && p.file.views === 1,
      );
      const view = await as(stack.server, ben).post(`/files/${file.key}/view`).expect(200);
      expect(view.body.views).toBe(1);
      expect((await pushed).file.version).toBe(view.body.version);
    } finally {
      socket.close();
    }
    const frame = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    await request(stack.server.url)
      .put(`/api/files/${file.key}/poster`)
      .set('cookie', ben.cookie)
      .set('content-type', 'image/jpeg')
      .send(frame)
      .expect(403);
    const withPoster = await request(stack.server.url)
      .put(`/api/files/${file.key}/poster`)
      .set('cookie', ana.cookie)
      .set('content-type', 'image/jpeg')
      .send(frame)
      .expect(200);
    const thumb = await cdn(withPoster.body.thumbnailUrl as string, ben).expect(200);
    const meta = await sharp(thumb.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 300,
      height: 300,
      format: 'webp',
    });
    const image = (await uploaded(stack.server, ana, { buffer: await png(), filename: 'x.png' }))
      .file;
    await as(stack.server, ana).post(`/files/${image.key}/view`).expect(400);
  });
});

describe('an upload refused while it streams', () => {
  it('is answered in JSON however much was sent, and its connection serves the next request', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const { file } = await uploaded(
      stack.server,
      ana,
      { buffer: clipWebm(), filename: 'clip.webm' },
      { folder: 'videos' },
    );
    const grant = await as(stack.server, ana)
      .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'shot.png' })
      .expect(200);
    const signed = new URL(grant.body.uploadUrl as string);
    const poster = `/api/files/${file.key}/poster`;
    const frame = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    const boundary = 'agora-test-boundary';
    const form = (file: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const put = (path: string, body: Buffer, status: number) => ({
      method: 'PUT',
      path,
      type: 'image/png',
      body,
      status,
    });
    // Past 64 KiB a refused body is still arriving when the refusal is answered.
    const attempts = [
      put(poster, Buffer.concat([frame, Buffer.alloc(6_000_000)]), 413),
      put(poster, Buffer.alloc(65_400), 415),
      put(poster, Buffer.alloc(1_000_000), 415),
      put(signed.pathname + signed.search, Buffer.alloc(65_400), 415),
      put(signed.pathname + signed.search, Buffer.alloc(1_000_000), 415),
      {
        method: 'POST',
        path: '/api/v1/files/upload',
        type: `multipart/form-data; boundary=${boundary}`,
        body: form(textOf(1_000_000)),
        status: 415,
      },
    ];
    const before = await countEvents(db());
    for (const attempt of attempts) {
      const connection = keepAliveConnection(stack.server.url);
      try {
        const refused = await connection.send(attempt.method, attempt.path, {
          headers: { cookie: ana.cookie, 'content-type': attempt.type },
          body: attempt.body,
        });
        expect({
          to: attempt.path,
          bytes: attempt.body.length,
          status: refused.status,
          type: refused.headers['content-type'],
        }).toEqual({
          to: attempt.path,
          bytes: attempt.body.length,
          status: attempt.status,
          type: 'application/json; charset=utf-8',
        });
        expect(JSON.parse(refused.text).error.code).toBe(
          attempt.status === 413 ? 'file-too-large' : 'unsupported-type',
        );
        const next = await connection.send('GET', '/api/config');
        expect({ status: next.status, reusedSocket: next.reusedSocket }).toEqual({
          status: 200,
          reusedSocket: true,
        });
      } finally {
        connection.close();
      }
    }
    await nothingWritten(before);
  });
});

describe('presigned uploads (disk storage)', () => {
  it('grants a signed PUT to this server that records the file once', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const grant = await as(stack.server, ana)
      .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'shot.png' })
      .expect(200);
    expect(grant.body).toMatchObject({ contentType: 'image/png', method: 'PUT' });
    const uploadPath = (grant.body.uploadUrl as string).replace('http://localhost:8080', '');
    const put = await request(stack.server.url)
      .put(uploadPath)
      .set('content-type', 'image/png')
      .send(await png())
      .expect(201);
    expect(put.body.key).toBe(grant.body.key);
    expect(put.body.file.uploadedBy.id).toBe(ana.id);
    await request(stack.server.url)
      .put(uploadPath)
      .send(await png())
      .expect(409);
    const done = await as(stack.server, ana)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(200);
    expect(done.body.key).toBe(grant.body.key);
    await as(stack.server, ben)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(403);
    await request(stack.server.url)
      .put('/api/upload/signed?token=forged.token')
      .send('x')
      .expect(403);
    await as(stack.server, ana)
      .post('/upload/presigned', { userId: ben.id, type: 'images', filename: 'a.png' })
      .expect(403);
    await as(stack.server, ana)
      .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'setup.exe' })
      .expect(415);
    await as(stack.server, ana)
      .post('/upload/presigned', {
        userId: ana.id,
        type: 'images',
        filename: 'a.png',
        size: MAX_FILE + 1,
      })
      .expect(413);
  });

  it('holds a PUT to the size and type its grant declared, as the bucket would', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const photo = await jpegWithLocation(400, 300);
    const grantFor = async (size: number) => {
      const grant = await as(stack.server, ana)
        .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'shot.jpg', size })
        .expect(200);
      const url = new URL(grant.body.uploadUrl as string);
      return url.pathname + url.search;
    };
    const put = async (declared: number, body: Buffer, contentType = 'image/jpeg') => {
      const res = await request(stack.server.url)
        .put(await grantFor(declared))
        .set('content-type', contentType)
        .send(body);
      return { status: res.status, code: res.body.error?.code as unknown };
    };
    /** Without a Content-Length: the bytes can only be counted as they come. */
    const putChunked = async (declared: number, body: Buffer) => {
      const path = await grantFor(declared);
      return new Promise<{ status: number; code: unknown }>((resolve, reject) => {
        const req = http.request(
          new URL(path, stack.server.url),
          { method: 'PUT', headers: { 'content-type': 'image/jpeg' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                code: JSON.parse(Buffer.concat(chunks).toString()).error?.code,
              }),
            );
          },
        );
        req.on('error', reject);
        req.write(body.subarray(0, 1000));
        req.end(body.subarray(1000));
      });
    };
    const before = await countEvents(db());
    expect(await put(100, photo)).toEqual({ status: 413, code: 'size-not-declared' });
    expect(await putChunked(100, photo)).toEqual({ status: 413, code: 'size-not-declared' });
    expect(await put(photo.length + 1, photo)).toEqual({ status: 400, code: 'size-not-declared' });
    expect(await putChunked(photo.length + 1, photo)).toEqual({
      status: 400,
      code: 'size-not-declared',
    });
    expect(await put(photo.length, photo, 'image/png')).toEqual({
      status: 415,
      code: 'type-not-declared',
    });
    await nothingWritten(before);
    expect(await put(photo.length, photo)).toEqual({ status: 201, code: undefined });
  });
});

describe('the post editor upload', () => {
  it('takes images up to 5 MB, public, and answers their location', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const res = await request(stack.server.url)
      .post('/api/v1/files/upload')
      .set('cookie', ana.cookie)
      .attach('file', await png(), 'featured.png')
      .expect(201);
    expect(res.body.location).toBe(`http://localhost:8080/cdn/${res.body.key as string}`);
    await cdn(res.body.location as string, ben).expect(200);
    await request(stack.server.url)
      .post('/api/v1/files/upload')
      .set('cookie', ana.cookie)
      .attach('file', textOf(10), 'notes.txt')
      .expect(415);
  });
});

it('rebuilds the files read model from the log exactly', async () => {
  const before = await snapshotTable(db(), 'files');
  expect(before.length).toBeGreaterThan(10);
  await rebuild(db());
  expect(await snapshotTable(db(), 'files')).toEqual(before);
});
