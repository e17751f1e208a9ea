import { RESPONSIVE_WIDTHS, type MediaFile, type Transform } from '../../../shared/media';

type ParamValue = string | number | boolean | undefined;

/**
 * Adds query parameters to a file URL, which may already carry a signature (`?exp=..&sig=..`):
 * the CDN reads the signature and the transform apart. Absent values and false flags are left
 * out, so the URL names only what changes the image.
 */
export function withParams(url: string, params: Readonly<Record<string, ParamValue>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === false) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** The CDN URL of a transformed image (002 §9 parameters), in the documented order. */
export function transformUrl(url: string, transform: Transform): string {
  return withParams(url, {
    w: transform.w,
    h: transform.h,
    q: transform.q,
    f: transform.f,
    fit: transform.fit,
    g: transform.g,
    blur: transform.blur,
    sharpen: transform.sharpen,
    rotate: transform.rotate || undefined,
    compress: transform.compress,
  });
}

/** The image a card shows: the file itself for an image, the poster frame for a video. */
export function pictureSource(file: MediaFile): string | null {
  return file.kind === 'image' ? file.url : file.posterUrl;
}

/** `srcset` over the spec's responsive widths (002 §9), as WebP. */
export function responsiveSrcSet(url: string): string {
  return RESPONSIVE_WIDTHS.map((w) => `${withParams(url, { w, f: 'webp' })} ${w}w`).join(', ');
}
