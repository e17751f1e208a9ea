import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';

// The sniffer knows a PDF by its first bytes alone, so random bytes after them stay a PDF:
// the cheapest allowed type to make at 100 MB, and incompressible, so no layer can shortcut it.
const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const CHUNK_BYTES = 1024 * 1024;

/** Writes a `bytes`-long "PDF" without holding more than one chunk of it in memory. */
export async function writeRandomPdf(file: string, bytes: number): Promise<void> {
  function* chunks(): Generator<Buffer> {
    yield PDF_HEAD;
    for (let left = bytes - PDF_HEAD.length; left > 0; left -= CHUNK_BYTES) {
      yield randomBytes(Math.min(CHUNK_BYTES, left));
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
}

/**
 * A camera-sized JPEG. Softened noise rather than a flat gradient: a gradient decodes and
 * resizes unrealistically fast, raw noise makes a file several times a photo's size.
 */
export async function makePhoto(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}
