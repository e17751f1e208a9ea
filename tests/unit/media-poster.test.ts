import type { MediaFile } from '../../shared/media';
import {
  posterOfDataUrl,
  posterPath,
  sendPoster,
} from '../../web/features/media/upload/posterUpload';

const KEY = '00000000-0000-4000-8000-000000000001.webm';
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];

const video: MediaFile = {
  id: '00000000-0000-4000-8000-000000000001',
  key: KEY,
  name: 'clip.webm',
  folder: 'videos',
  kind: 'video',
  mimeType: 'video/webm',
  format: 'webm',
  size: 1000,
  sha256: 'a'.repeat(64),
  url: `/cdn/${KEY}`,
  thumbnailUrl: '/cdn/poster.jpg?w=300',
  posterUrl: '/cdn/poster.jpg',
  dimensions: { width: 320, height: 240 },
  duration: 3,
  views: 0,
  isPublic: false,
  isStarred: false,
  isArchived: false,
  category: 'personal',
  tags: [],
  description: '',
  uploadedAt: '2025-01-01T00:00:00.000Z',
  uploadedBy: { id: '00000000-0000-4000-8000-000000000002', name: 'Ana' },
  version: 2,
};

const dataUrlOf = (bytes: number[]) =>
  `data:image/jpeg;base64,${btoa(String.fromCharCode(...bytes))}`;

describe('the preview frame as a poster', () => {
  it('is the bytes and type of the data URL the preview canvas made', async () => {
    const poster = posterOfDataUrl(dataUrlOf(JPEG_START));
    expect(poster?.type).toBe('image/jpeg');
    expect([...new Uint8Array(await poster!.arrayBuffer())]).toEqual(JPEG_START);
  });

  it('is nothing for what is not an image data URL', () => {
    expect(posterOfDataUrl('data:text/plain;base64,aGk=')).toBeNull();
    expect(posterOfDataUrl('data:image/jpeg,raw')).toBeNull();
    expect(posterOfDataUrl('https://example.com/x.jpg')).toBeNull();
  });
});

describe('sending a poster', () => {
  const realFetch = globalThis.fetch;
  let calls: { url: string; init: RequestInit | undefined }[] = [];
  const answer = (response: Response) => {
    globalThis.fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(response);
    };
  };

  beforeEach(() => {
    calls = [];
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('PUTs the raw image to the video’s poster route and answers the updated file', async () => {
    answer(new Response(JSON.stringify(video), { status: 200 }));
    const poster = posterOfDataUrl(dataUrlOf(JPEG_START))!;
    await expect(sendPoster(KEY, poster)).resolves.toEqual(video);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(posterPath(KEY));
    expect(posterPath(KEY)).toBe(`/api/files/${KEY}/poster`);
    expect(calls[0]?.init).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: poster,
    });
  });

  it('fails with the server’s own message', async () => {
    const refusal = { error: { code: 'not-owner', message: 'This is not your file.' } };
    answer(new Response(JSON.stringify(refusal), { status: 403, statusText: 'Forbidden' }));
    await expect(sendPoster(KEY, new Blob([]))).rejects.toThrow('This is not your file.');
  });
});
