import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { MAX_IMAGE_PIXELS } from './media-probe';
import { mediaServices } from './media-services';

const cropOutside = () =>
  invalid('crop-outside-image', 'The crop must lie inside the image', {
    crop: 'The crop must lie inside the image',
  });

const unprocessable = () => invalid('unprocessable-image', 'This image could not be processed.');

/** A rectangle of the source image, in its pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The largest rectangle of the target's shape, centred in the image. */
export function centredCover(
  width: number,
  height: number,
  target: { width: number; height: number },
): Crop {
  const scale = Math.min(width / target.width, height / target.height);
  const w = Math.max(1, Math.round(target.width * scale));
  const h = Math.max(1, Math.round(target.height * scale));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

/**
 * Crops the image (upright first) to the given rectangle, else a centred cover crop, and resizes
 * it to exactly `size`, as WebP (keeps transparency, small).
 */
export async function cropTo(
  source: Buffer,
  size: { width: number; height: number },
  crop: Crop | undefined,
): Promise<Buffer> {
  let upright: Buffer;
  let width: number;
  let height: number;
  try {
    const done = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .toBuffer({ resolveWithObject: true });
    upright = done.data;
    ({ width, height } = done.info);
  } catch {
    throw unprocessable();
  }
  const area = crop ?? centredCover(width, height, size);
  if (area.x + area.width > width || area.y + area.height > height) throw cropOutside();
  try {
    return await sharp(upright)
      .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
      .resize(size.width, size.height, { fit: 'fill' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unprocessable();
  }
}

/**
 * Crops and resizes an image to exactly `size` and stores the result as a new public WebP file of
 * the owner, recorded by the upload command under the owner's quota: avatars, banners and logos
 * of members, communities and organizations. Answers the new file and its public URL.
 */
export async function storeSizedImage(
  deps: ModuleDeps,
  input: {
    source: Buffer;
    size: { width: number; height: number };
    crop?: Crop;
    name: string;
    ownerId: string;
    folder: string;
    ctx: CommandContext;
  },
): Promise<{ fileId: string; url: string }> {
  const { storage, uploader, urls } = mediaServices(deps);
  const image = await cropTo(input.source, input.size, input.crop);
  const staged = path.join(storage.stagingDir, `${randomUUID()}.webp`);
  await writeFile(staged, image);
  const [row] = await uploader.record(
    [
      {
        path: staged,
        name: input.name,
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
        type: { mime: 'image/webp', ext: 'webp' },
      },
    ],
    {
      ownerId: input.ownerId,
      folder: input.folder,
      ctx: input.ctx,
      isPublic: true,
      keepLocation: false,
    },
  );
  return { fileId: row!.id, url: urls.publicUrl(row!.key) };
}
