import { AVATAR_SIZE, BANNER_SIZE } from '../../../shared/profiles';

export type ProfileImageKind = 'avatar' | 'banner';

export const IMAGE_SIZES: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: AVATAR_SIZE,
  banner: BANNER_SIZE,
};

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The largest centred region of an image with the target's shape, for the server to cut out and
 * resize (a square for the avatar, 3:1 for the banner). Null when the image's size is unknown:
 * the server then crops its own centre.
 */
export function centerCrop(
  image: { width: number; height: number } | null,
  target: { width: number; height: number },
): Crop | null {
  if (!image || image.width < 1 || image.height < 1) return null;
  const ratio = target.width / target.height;
  const width = Math.max(1, Math.min(image.width, Math.floor(image.height * ratio)));
  const height = Math.max(1, Math.min(image.height, Math.floor(width / ratio)));
  return {
    x: Math.floor((image.width - width) / 2),
    y: Math.floor((image.height - height) / 2),
    width,
    height,
  };
}

/** Upload progress as a whole percentage, for the progress bar and its label. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((sent / total) * 100)));
}
