import { THUMBNAIL } from '../../../shared/media';
import type { UrlSigner } from './url-signing';

/** A private file's link lasts at least this long; it changes once a day, so browsers cache it. */
const PRIVATE_LINK_DAY = 24 * 3600;

export const THUMBNAIL_QUERY = `w=${THUMBNAIL.width}&h=${THUMBNAIL.height}&f=${THUMBNAIL.format}&q=${THUMBNAIL.quality}`;

/**
 * The URLs of files as members see them: the CDN base plus the key for a public file; for a
 * private one, the same URL signed, so the owner's own pages (and whoever they hand it to) can
 * load it through any CDN in front of this server.
 */
export class FileUrls {
  constructor(
    readonly cdnBaseUrl: string,
    private readonly signer: UrlSigner,
  ) {}

  publicUrl(key: string): string {
    return `${this.cdnBaseUrl}${key}`;
  }

  /** Good until the end of the day after next, the same URL all day. */
  privateUrl(key: string, now = Date.now()): string {
    const exp = (Math.floor(now / 1000 / PRIVATE_LINK_DAY) + 2) * PRIVATE_LINK_DAY;
    return this.signedUrl(key, exp, 'read');
  }

  signedUrl(key: string, exp: number, purpose: 'read' | 'download'): string {
    const sig = this.signer.signKey(key, exp, purpose);
    const download = purpose === 'download' ? '&dl=1' : '';
    return `${this.cdnBaseUrl}${key}?exp=${exp}${download}&sig=${sig}`;
  }

  urlOf(key: string, isPublic: boolean): string {
    return isPublic ? this.publicUrl(key) : this.privateUrl(key);
  }

  /** The URL with transform parameters added (`w=300&f=webp`). */
  static withParams(url: string, params: string): string {
    return `${url}${url.includes('?') ? '&' : '?'}${params}`;
  }
}
