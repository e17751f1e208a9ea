import { mediaFileSchema, type MediaFile } from '../../../../shared/media';
import { failureReason } from './uploadRequest';

const IMAGE_DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The bytes of a preview frame (a canvas's base64 data URL), or null for anything else. */
export function posterOfDataUrl(dataUrl: string): Blob | null {
  const match = IMAGE_DATA_URL.exec(dataUrl);
  if (!match?.[1] || match[2] === undefined) return null;
  const binary = atob(match[2]);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: match[1] });
}

export function posterPath(key: string): string {
  return `/api/files/${encodeURIComponent(key)}/poster`;
}

/**
 * Sets a video's poster (`PUT /api/files/:key/poster`). The route streams the body itself and
 * sniffs its bytes, so the image goes raw, not as a form; the session cookie rides along.
 */
export async function sendPoster(key: string, poster: Blob): Promise<MediaFile> {
  const response = await fetch(posterPath(key), {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': poster.type, accept: 'application/json' },
    body: poster,
  });
  const body = await response.text();
  if (!response.ok) throw new Error(failureReason(response.status, response.statusText, body));
  return mediaFileSchema.parse(JSON.parse(body));
}
