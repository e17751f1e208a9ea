import {
  pictureSource,
  responsiveSrcSet,
  transformUrl,
  withParams,
} from '../../web/features/media/cdnUrls';
import { formatDuration, formatViews, visibleTags } from '../../web/features/media/mediaFormat';
import type { MediaFile } from '../../shared/media';

const PUBLIC = 'http://127.0.0.1:3000/cdn/0b6a3c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d.jpg';
const SIGNED = `${PUBLIC}?exp=1795000000&sig=abc`;

describe('CDN URLs', () => {
  it('adds parameters with ? to a public URL and with & to a signed one', () => {
    expect(withParams(PUBLIC, { w: 320 })).toBe(`${PUBLIC}?w=320`);
    expect(withParams(SIGNED, { w: 320 })).toBe(`${SIGNED}&w=320`);
  });

  it('leaves out absent values and false flags, and changes nothing when none remain', () => {
    expect(withParams(PUBLIC, { w: undefined, sharpen: false, compress: true })).toBe(
      `${PUBLIC}?compress=true`,
    );
    expect(withParams(SIGNED, { w: undefined })).toBe(SIGNED);
  });

  it('builds a transform URL in the documented parameter order (002 §9)', () => {
    expect(
      transformUrl(PUBLIC, {
        rotate: 90,
        sharpen: true,
        blur: 2.5,
        g: 'north',
        fit: 'contain',
        f: 'avif',
        q: 60,
        h: 200,
        w: 640,
      }),
    ).toBe(`${PUBLIC}?w=640&h=200&q=60&f=avif&fit=contain&g=north&blur=2.5&sharpen=true&rotate=90`);
  });

  it('a rotation of zero is no rotation', () => {
    expect(transformUrl(PUBLIC, { w: 100, rotate: 0 })).toBe(`${PUBLIC}?w=100`);
  });

  it('offers the spec responsive widths as WebP', () => {
    expect(responsiveSrcSet(SIGNED).split(', ')).toEqual(
      [320, 640, 960, 1280, 1920].map((w) => `${SIGNED}&w=${w}&f=webp ${w}w`),
    );
  });

  it('pictures an image by itself and a video by its poster, if it has one', () => {
    const image = { kind: 'image', url: PUBLIC, posterUrl: null } as MediaFile;
    const video = { kind: 'video', url: PUBLIC, posterUrl: `${PUBLIC}-poster` } as MediaFile;
    expect(pictureSource(image)).toBe(PUBLIC);
    expect(pictureSource(video)).toBe(`${PUBLIC}-poster`);
    expect(pictureSource({ ...video, posterUrl: null })).toBeNull();
  });
});

describe('card texts', () => {
  it('shows at most three tags, then +N (001 §2)', () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('formats durations as m:ss, and h:mm:ss from an hour', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3600 + 2 * 60 + 7)).toBe('1:02:07');
  });

  it('counts views in words', () => {
    expect(formatViews(0)).toBe('0 views');
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(1234)).toBe('1,234 views');
  });
});
