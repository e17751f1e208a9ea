import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import request from 'supertest';
import type { MediaFile } from '../../shared/media';
import type { RunningServer } from '../../server/server';
import { as, signUpMembers } from '../support/factories';
import { cdnPath, clipWebm, jpegWithLocation, png, uploaded } from '../support/media-fixtures';
import { startTestS3, type TestS3 } from '../support/s3-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer } from '../support/test-server';

const BUCKET = 'agora-test-files';
let s3: TestS3;
let database: TestDatabase;
let server: RunningServer;
let client: S3Client;

beforeAll(async () => {
  s3 = await startTestS3(BUCKET);
  database = await createTestDatabase();
  server = await startTestServer(database.url, { env: s3.env });
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
  await database?.drop();
  await s3?.stop();
});

async function objectKeys(prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((item) => item.Key!).sort();
}

const bytesOf = (test: request.Test) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('files in an S3-compatible bucket', () => {
  it('made the bucket, and reports it healthy', async () => {
    const [ana] = await signUpMembers(server, 1);
    const health = await as(server, ana).get('/cdn/health').expect(200);
    expect(health.body).toMatchObject({ status: 'healthy', storage: 's3' });
  });

  it('stores uploads in the bucket and serves them, ranges and transforms included', async () => {
    const [ana] = await signUpMembers(server, 1);
    const photo = (
      await uploaded(server, ana, { buffer: await jpegWithLocation(800, 600), filename: 'p.jpg' })
    ).file;
    expect(await objectKeys(`files/${photo.key}`)).toEqual([`files/${photo.key}`]);
    const served = await bytesOf(request(server.url).get(cdnPath(photo.url))).expect(200);
    expect((await sharp(served.body as Buffer).metadata()).exif).toBeUndefined();

    const variant = await bytesOf(
      request(server.url).get(`${cdnPath(photo.url)}&w=200&f=webp`),
    ).expect(200);
    const meta = await sharp(variant.body as Buffer).metadata();
    expect([meta.width, meta.format]).toEqual([200, 'webp']);
    expect((await objectKeys(`variants/${photo.key}/`)).length).toBe(1);

    const clip = clipWebm();
    const video = (
      await uploaded(server, ana, { buffer: clip, filename: 'c.webm' }, { folder: 'videos' })
    ).file;
    const part = await bytesOf(
      request(server.url).get(cdnPath(video.url)).set('range', 'bytes=10-19'),
    ).expect(206);
    expect(part.body).toEqual(clip.subarray(10, 20));
  });

  it('signs download links to the bucket itself', async () => {
    const [ana] = await signUpMembers(server, 1);
    const file = (await uploaded(server, ana, { buffer: await png(), filename: 'shot.png' })).file;
    const link = await as(server, ana).get(`/download/${file.key}?expiresIn=60`).expect(200);
    const url = new URL(link.body.downloadUrl as string);
    expect(url.origin).toBe(s3.endpoint);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('shot.png');
    expect(Buffer.from(await answer.arrayBuffer()).length).toBe(file.size);
  });

  it('takes a presigned PUT straight to the bucket, then records it on completion', async () => {
    const [ana] = await signUpMembers(server, 1);
    const grant = await as(server, ana)
      .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'direct.png' })
      .expect(200);
    expect(new URL(grant.body.uploadUrl as string).origin).toBe(s3.endpoint);
    await as(server, ana)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(400);
    const put = await fetch(grant.body.uploadUrl as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await png()),
    });
    expect(put.status).toBe(200);
    const done = await as(server, ana)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(201);
    expect(done.body.file as MediaFile).toMatchObject({ key: grant.body.key, kind: 'image' });
    const again = await as(server, ana)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(200);
    expect(again.body.key).toBe(grant.body.key);
  });

  it('signs the type and size a presigned PUT declared into its URL', async () => {
    const [ana] = await signUpMembers(server, 1);
    const image = await png();
    const grant = await as(server, ana)
      .post('/upload/presigned', {
        userId: ana.id,
        type: 'images',
        filename: 'bound.png',
        size: image.length,
      })
      .expect(200);
    // The bucket refuses a PUT whose signed headers differ from the ones signed (s3rver does not
    // check version 4 signatures, so the test reads what was signed).
    const signed = new URL(grant.body.uploadUrl as string).searchParams.get('X-Amz-SignedHeaders');
    expect(signed?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    const put = await fetch(grant.body.uploadUrl as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(image),
    });
    expect(put.status).toBe(200);
  });

  it('removes a refused presigned upload from the bucket', async () => {
    const [ana] = await signUpMembers(server, 1);
    const grant = await as(server, ana)
      .post('/upload/presigned', { userId: ana.id, type: 'images', filename: 'fake.png' })
      .expect(200);
    await fetch(grant.body.uploadUrl as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000, 1)])),
    });
    await as(server, ana)
      .post('/upload/presigned/complete', { token: grant.body.completeToken })
      .expect(415);
    expect(await objectKeys(`files/${grant.body.key as string}`)).toEqual([]);
  });

  it('deletes the bytes and the variants with the file', async () => {
    const [ana] = await signUpMembers(server, 1);
    const file = (
      await uploaded(server, ana, { buffer: await png(200, 100), filename: 'gone.png' })
    ).file;
    await request(server.url)
      .get(`${cdnPath(file.url)}&w=50`)
      .expect(200);
    await as(server, ana).delete(`/files/${file.key}`).expect(204);
    expect(await objectKeys(`files/${file.key}`)).toEqual([]);
    expect(await objectKeys(`variants/${file.key}/`)).toEqual([]);
  });
});
