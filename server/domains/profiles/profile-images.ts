import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AVATAR_SIZE, BANNER_SIZE, type ProfileImageUpdate } from '../../../shared/profiles';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { originalPath } from '../media/file-keys';
import { MAX_IMAGE_PIXELS } from '../media/media-probe';
import { mediaServices } from '../media/media-services';
import type { ProfileImageKind } from './commands';

const SIZES = { avatar: AVATAR_SIZE, banner: BANNER_SIZE } as const;
const FOLDERS = { avatar: 'avatars', banner: 'banners' } as const;

/** Missing, another member's and not an image read alike, so file ids cannot be probed. */
export const notYourImage = () =>
  invalid('image-not-yours', 'Choose one of your own uploaded images', {
    fileId: 'Choose one of your own uploaded images',
  });

const cropOutside = () =>
  invalid('crop-outside-image', 'The crop must lie inside the image', {
    crop: 'The crop must lie inside the image',
  });

const unprocessable = () => invalid('unprocessable-image', 'This image could not be processed.');

type Crop = NonNullable<ProfileImageUpdate['crop']>;

async function bytesOf(stream: Readable): Promise<Buffer> {
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
 * Makes the avatar or banner from one of the member's own images: reads its bytes from storage,
 * crops and resizes them, and stores the result as a new public file of the member (recorded by
 * the media domain's upload command, under the member's quota). Answers the new file and its URL.
 */
export async function deriveProfileImage(
  deps: ModuleDeps,
  input: {
    ownerId: string;
    sourceFileId: string;
    kind: ProfileImageKind;
    crop: Crop | undefined;
    ctx: CommandContext;
  },
): Promise<{ fileId: string; url: string }> {
  const { storage, uploader, urls } = mediaServices(deps);
  const source = await deps.db
    .selectFrom('files')
    .select(['key', 'kind'])
    .where('id', '=', input.sourceFileId)
    .where('owner_id', '=', input.ownerId)
    .executeTakeFirst();
  if (source?.kind !== 'image') throw notYourImage();
  const stream = await storage.read(originalPath(source.key));
  if (!stream) throw notYourImage();
  const image = await cropTo(await bytesOf(stream), SIZES[input.kind], input.crop);
  const staged = path.join(storage.stagingDir, `${randomUUID()}.webp`);
  await writeFile(staged, image);
  const [row] = await uploader.record(
    [
      {
        path: staged,
        name: `${input.kind}.webp`,
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
        type: { mime: 'image/webp', ext: 'webp' },
      },
    ],
    {
      ownerId: input.ownerId,
      folder: FOLDERS[input.kind],
      ctx: input.ctx,
      isPublic: true,
      keepLocation: false,
    },
  );
  return { fileId: row!.id, url: urls.publicUrl(row!.key) };
}
