import { PREVIEW } from '../../../../shared/media';
import { coverCrop, fitWithin, frameTime } from './previewGeometry';

/** A JPEG data URL of what was drawn, at the spec's quality. */
function drawnAsJpeg(
  width: number,
  height: number,
  draw: (context: CanvasRenderingContext2D) => void,
): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context);
  return canvas.toDataURL('image/jpeg', PREVIEW.jpegQuality);
}

/** A thumbnail at most 200 px on its longer side, or null for an image the browser can't decode. */
export async function imagePreview(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const { width, height } = fitWithin(bitmap, PREVIEW.maxSide);
    return drawnAsJpeg(width, height, (context) => context.drawImage(bitmap, 0, 0, width, height));
  } finally {
    bitmap.close();
  }
}

/**
 * A 200x150 frame from a detached <video> (never shown), or null for a video the browser can't
 * play. `signal` stops the work when the row goes away first.
 */
export function videoPreview(file: Blob, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    // Emptying the element can fire its own events, so only the first outcome counts.
    const finish = (preview: string | null) => {
      if (settled) return;
      settled = true;
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      signal.removeEventListener('abort', cancel);
      resolve(preview);
    };
    const cancel = () => finish(null);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'metadata';
    video.addEventListener('loadedmetadata', () => {
      video.currentTime = frameTime(video.duration);
    });
    video.addEventListener('seeked', () => {
      const target = { width: PREVIEW.videoWidth, height: PREVIEW.videoHeight };
      const source = { width: video.videoWidth, height: video.videoHeight };
      if (source.width === 0 || source.height === 0) return finish(null);
      const { sx, sy, sw, sh } = coverCrop(source, target);
      finish(
        drawnAsJpeg(target.width, target.height, (context) =>
          context.drawImage(video, sx, sy, sw, sh, 0, 0, target.width, target.height),
        ),
      );
    });
    video.addEventListener('error', () => finish(null));
    signal.addEventListener('abort', cancel);
    video.src = url;
  });
}
