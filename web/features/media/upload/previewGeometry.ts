export interface Size {
  width: number;
  height: number;
}

/** The image scaled down (never up) so its longer side is at most `maxSide`, in whole pixels. */
export function fitWithin(source: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/** Where a video's frame is taken: the lesser of 1 s and a quarter of it (001 §9). */
export function frameTime(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds / 4);
}

export interface Crop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * The centred part of the source with the target's proportions, so a frame fills 200x150 without
 * being stretched.
 */
export function coverCrop(source: Size, target: Size): Crop {
  const scale = Math.min(source.width / target.width, source.height / target.height);
  const sw = target.width * scale;
  const sh = target.height * scale;
  return { sx: (source.width - sw) / 2, sy: (source.height - sh) / 2, sw, sh };
}
