import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_QUALITY, type Transform } from '../../../shared/media';
import { invalid } from '../../core/errors';
import { MAX_IMAGE_PIXELS } from './media-probe';

type OutputFormat = 'webp' | 'avif' | 'jpeg' | 'png';

/** Variants are made on demand and may be many: sharp's own cache would only hold memory. */
sharp.cache(false);

/** Whether the query asks for any transform at all. */
export const hasTransform = (t: Transform) => Object.values(t).some((v) => v !== undefined);

/** The format a variant is written in: the one asked for, else the source's when it is one of ours. */
export function outputFormatOf(t: Transform, sourceMime: string): OutputFormat {
  if (t.f) return t.f;
  const source = sourceMime.split('/')[1];
  return source === 'jpeg' || source === 'png' || source === 'webp' || source === 'avif'
    ? source
    : 'webp';
}

/**
 * A variant's name in storage: the same parameters in any order name the same variant, and the
 * quality it would have by default is written out, so `?w=640` and `?w=640&q=85` share one.
 */
export function variantNameOf(t: Transform, sourceMime: string): string {
  const format = outputFormatOf(t, sourceMime);
  const canonical = { ...t, f: format, q: t.q ?? IMAGE_QUALITY };
  const text = Object.entries(canonical)
    .filter(([, v]) => v !== undefined && v !== false)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');
  return `${createHash('sha256').update(text).digest('hex').slice(0, 24)}.${format}`;
}

/**
 * Makes a variant of an image (002 §9 parameters): turned upright first, then rotated, resized
 * to the asked box (a bound alone never enlarges), blurred, sharpened, and encoded at the asked quality,
 * 85 by default; `compress` spends more time for fewer bytes.
 */
export async function renderVariant(
  source: Readable,
  t: Transform,
  sourceMime: string,
): Promise<Buffer> {
  const format = outputFormatOf(t, sourceMime);
  const quality = t.q ?? IMAGE_QUALITY;
  let image = sharp({ limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
  if (t.rotate) image = image.rotate(t.rotate);
  if (t.w || t.h) {
    const fit = t.fit ?? 'cover';
    image = image.resize({
      width: t.w,
      height: t.h,
      fit,
      position: t.g ?? 'centre',
      // A box (both sides, filled) is made exactly, as thumbnails need; a bound is never enlarged.
      withoutEnlargement: !(t.w && t.h) || fit === 'inside' || fit === 'outside',
    });
  }
  if (t.blur) image = image.blur(t.blur);
  if (t.sharpen !== undefined && t.sharpen !== false) {
    image = image.sharpen(typeof t.sharpen === 'number' ? { sigma: t.sharpen } : undefined);
  }
  const compress = t.compress === true;
  switch (format) {
    case 'jpeg':
      image = image.jpeg({ quality, mozjpeg: compress });
      break;
    case 'png':
      image = image.png({ quality, compressionLevel: compress ? 9 : 6, palette: compress });
      break;
    case 'webp':
      image = image.webp({ quality, effort: compress ? 6 : 4 });
      break;
    case 'avif':
      image = image.avif({ quality, effort: compress ? 7 : 4 });
      break;
  }
  source.once('error', (error) => image.destroy(error));
  source.pipe(image);
  try {
    return await image.toBuffer();
  } catch {
    source.destroy();
    throw invalid('unprocessable-image', 'This image could not be transformed.');
  }
}

/**
 * Runs at most `limit` renders at once (each takes a core) and makes each variant once: a second
 * request for a variant being made waits for the first.
 */
export class VariantQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(private readonly limit: number) {}

  make(name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const existing = this.inFlight.get(name);
    if (existing) return existing;
    const made = this.slot(render).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, made);
    return made;
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
