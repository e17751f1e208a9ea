import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { UploadResult } from '../../shared/media';
import type { RunningServer } from '../../server/server';
import type { TestMember } from './factories';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/media');

/** A three-second 320x240 WebM clip (VP8), and the same as MP4 (H.264, AAC). */
export const clipWebm = () => readFileSync(path.join(FIXTURES, 'clip.webm'));
export const clipMp4 = () => readFileSync(path.join(FIXTURES, 'clip.mp4'));

/** A photo as a phone takes it: EXIF with the place it was taken. */
export function jpegWithLocation(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Copyright: 'Agora test', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 3230/100' },
    })
    .toBuffer();
}

export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
}

/** Text of exactly `bytes` bytes. */
export const textOf = (bytes: number, char = 'a') => Buffer.alloc(bytes, char);

/** The start of a Windows executable: no allowed type, whatever its name says. */
export const executable = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(5000, 1)]);

export interface Attachment {
  buffer: Buffer;
  filename: string;
  contentType?: string;
}

/** Uploads through `POST /api/upload/{userId}/{folder}` as the member; the raw answer. */
export function uploadAs(
  server: RunningServer,
  member: TestMember,
  file: Attachment,
  options: { folder?: string; userId?: string; fields?: Record<string, string> } = {},
) {
  const test = request(server.url)
    .post(`/api/upload/${options.userId ?? member.id}/${options.folder ?? 'images'}`)
    .set('cookie', member.cookie);
  for (const [name, value] of Object.entries(options.fields ?? {})) test.field(name, value);
  return test.attach('file', file.buffer, {
    filename: file.filename,
    contentType: file.contentType ?? 'application/octet-stream',
  });
}

/** An upload that must succeed. */
export async function uploaded(
  server: RunningServer,
  member: TestMember,
  file: Attachment,
  options: { folder?: string; fields?: Record<string, string> } = {},
): Promise<UploadResult> {
  const res = await uploadAs(server, member, file, options);
  if (res.status !== 201)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as UploadResult;
}

/** The path of a CDN URL on the test server (URLs carry the configured public address). */
export const cdnPath = (url: string) => url.slice(url.indexOf('/cdn/'));
