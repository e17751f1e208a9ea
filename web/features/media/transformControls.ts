import type { z } from 'zod';
import {
  fitSchema,
  gravitySchema,
  IMAGE_QUALITY,
  imageFormatSchema,
  TRANSFORM_MAX_SIDE,
  type Transform,
} from '../../../shared/media';

export type ImageFormat = z.infer<typeof imageFormatSchema>;
export type Fit = z.infer<typeof fitSchema>;
export type Gravity = z.infer<typeof gravitySchema>;

export const FORMATS = imageFormatSchema.options;
export const FITS = fitSchema.options;
/** `centre` is sharp's other spelling of `center`; offering both would only confuse. */
export const GRAVITIES = gravitySchema.options.filter((g) => g !== 'centre');
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];
export const BLUR_MAX = 20;

/** The CDN Features form as the member sets it; sides are text so they can be left blank. */
export interface TransformControls {
  width: string;
  height: string;
  quality: number;
  format: ImageFormat;
  fit: Fit;
  gravity: Gravity;
  /** 0 is no blur. */
  blur: number;
  sharpen: boolean;
  rotate: Rotation;
}

export const DEFAULT_CONTROLS: TransformControls = {
  width: '640',
  height: '',
  quality: IMAGE_QUALITY,
  format: 'webp',
  fit: 'cover',
  gravity: 'center',
  blur: 0,
  sharpen: false,
  rotate: 0,
};

/** A side the CDN accepts, or none: blank, zero or nonsense leaves the side as it is. */
function sideOf(text: string): number | undefined {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value) || value < 1) return undefined;
  return Math.min(TRANSFORM_MAX_SIDE, Math.round(value));
}

/**
 * The transform the form describes. Fit and gravity only matter when both sides are given (one
 * side keeps the aspect ratio), so they are named only then; quality only for lossy formats.
 */
export function transformOf(controls: TransformControls): Transform {
  const w = sideOf(controls.width);
  const h = sideOf(controls.height);
  const both = w !== undefined && h !== undefined;
  return {
    w,
    h,
    q: controls.format === 'png' ? undefined : controls.quality,
    f: controls.format,
    fit: both ? controls.fit : undefined,
    g: both && controls.fit === 'cover' ? controls.gravity : undefined,
    blur: controls.blur > 0 ? controls.blur : undefined,
    sharpen: controls.sharpen || undefined,
    rotate: controls.rotate || undefined,
  };
}
