import type { LinkPreview } from '../../../shared/link-previews';
import type { StoredLinkPreview } from '../../db/tables/link-previews';

/** The card a post, comment or message row shows: none while there is none or it was removed. */
export function presentLinkPreview(stored: StoredLinkPreview | null): LinkPreview | null {
  if (!stored || stored.removed) return null;
  return {
    url: stored.url,
    title: stored.title,
    description: stored.description,
    siteName: stored.siteName,
    image: stored.image,
    version: stored.version,
  };
}
