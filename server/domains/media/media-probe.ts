import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import sharp, { type FormatEnum, type Metadata } from 'sharp';
import { kindOfMime } from '../../../shared/media';
import { invalid } from '../../core/errors';
import type { StagedFile } from './upload-staging';

/** Images are decoded whole to strip them; past this many pixels one is refused, not decoded. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** What is known of a staged file's content, once looked at. */
export interface Probed {
  width: number | null;
  height: number | null;
  duration: number | null;
  metadataStripped: boolean;
}

/** Formats sharp re-encodes without surprises; others are stored as uploaded. */
const REENCODABLE = new Set<keyof FormatEnum>(['jpeg', 'png', 'webp', 'tiff', 'gif', 'heif']);
const reencodable = (format: string | undefined): format is keyof FormatEnum =>
  format !== undefined && REENCODABLE.has(format as keyof FormatEnum);

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Looks at an image: its size, and whether it carries EXIF (where cameras write the location).
 * When it does and `strip` holds, the image is written again without it: turned upright as the
 * EXIF said, its colour profile kept, at a quality that does not show. The staged file is
 * replaced, with its new size and hash.
 */
async function probeImage(staged: StagedFile, strip: boolean): Promise<Probed> {
  let meta: Metadata;
  try {
    meta = await sharp(staged.path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw invalid('unreadable-image', `"${staged.name}" could not be read as an image.`);
  }
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? null;
  const height = (upright ? meta.width : meta.height) ?? null;
  if (!strip || !meta.exif || !reencodable(meta.format)) {
    return { width, height, duration: null, metadataStripped: false };
  }
  const target = path.join(path.dirname(staged.path), `stripped-${randomUUID()}`);
  try {
    await sharp(staged.path, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      animated: meta.pages !== undefined && meta.pages > 1,
    })
      .rotate()
      .keepIccProfile()
      .toFormat(meta.format, { quality: 92, lossless: meta.format === 'png' })
      .toFile(target);
  } catch {
    await rm(target, { force: true });
    throw invalid('unreadable-image', `"${staged.name}" could not be read as an image.`);
  }
  await rm(staged.path, { force: true });
  staged.path = target;
  staged.size = (await stat(target)).size;
  staged.sha256 = await sha256Of(target);
  return { width, height, duration: null, metadataStripped: true };
}

/** A video's or a sound's length (and a video's frame size) from its container, when readable. */
async function probeTimed(staged: StagedFile): Promise<Probed> {
  try {
    const meta = await parseFile(staged.path, { duration: true, skipCovers: true });
    const video = meta.format.trackInfo.find((track) => track.video)?.video;
    return {
      width: video?.pixelWidth ?? null,
      height: video?.pixelHeight ?? null,
      duration: meta.format.duration ?? null,
      metadataStripped: false,
    };
  } catch {
    // A container the parser does not know is still a video: it plays without a known length.
    return { width: null, height: null, duration: null, metadataStripped: false };
  }
}

export async function probeStaged(
  staged: StagedFile,
  stripImageMetadata: boolean,
): Promise<Probed> {
  const kind = kindOfMime(staged.type.mime);
  if (kind === 'image') return probeImage(staged, stripImageMetadata);
  if (kind === 'video' || kind === 'audio') return probeTimed(staged);
  return { width: null, height: null, duration: null, metadataStripped: false };
}
