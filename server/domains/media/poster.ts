import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { FEATURED_IMAGE_MAX_BYTES } from '../../../shared/media';
import { invalid } from '../../core/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { MAX_IMAGE_PIXELS } from './media-probe';
import { stageUpload } from './upload-staging';

/** A poster is shown as a thumbnail and behind the player: this wide is plenty. */
const POSTER_MAX_SIDE = 1280;

/**
 * Stores a frame sent by the owner's browser as a video's poster: an image by its bytes, at most
 * 5 MB, written again as a JPEG without metadata, so nothing but pixels is kept of what was sent.
 */
export async function renderPoster(
  body: Readable,
  storage: ObjectStorage,
  storageKey: string,
): Promise<void> {
  const staged = await stageUpload(body, 'poster', {
    dir: storage.stagingDir,
    maxBytes: FEATURED_IMAGE_MAX_BYTES,
    allowedTypes: ['image/jpeg', 'image/png', 'image/webp'],
  });
  try {
    const jpeg = await sharp(staged.path, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({
        width: POSTER_MAX_SIDE,
        height: POSTER_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch(() => {
        throw invalid('unreadable-image', 'The poster could not be read as an image.');
      });
    await storage.put(storageKey, jpeg, 'image/jpeg');
  } finally {
    await rm(staged.path, { force: true });
  }
}
