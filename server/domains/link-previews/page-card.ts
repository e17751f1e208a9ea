import ogs from 'open-graph-scraper';
import { LINK_PREVIEW_LIMITS } from '../../../shared/link-previews';

/** What a page says about itself, before its image is fetched and stored. */
export interface PageCard {
  title: string;
  description: string;
  siteName: string;
  /** The page's image, absolute, still on the page's site. */
  imageUrl: string | null;
}

const clean = (text: string | undefined, max: number) =>
  (text ?? '').replace(/\s+/gu, ' ').trim().slice(0, max);

/**
 * Reads a page's Open Graph tags, then its Twitter card, then `<title>` and `<meta
 * name="description">` (open-graph-scraper's fallbacks), from HTML already fetched by
 * `safeFetch`: the library never fetches anything itself. Null when the page names no title.
 */
export async function readPageCard(html: string, pageUrl: string): Promise<PageCard | null> {
  let result;
  try {
    ({ result } = await ogs({ html }));
  } catch {
    return null;
  }
  const title = clean(result.ogTitle ?? result.twitterTitle, LINK_PREVIEW_LIMITS.title);
  if (!title) return null;
  const image = result.ogImage?.[0]?.url ?? result.twitterImage?.[0]?.url;
  let imageUrl: string | null = null;
  if (image) {
    try {
      const absolute = new URL(image, pageUrl);
      if (absolute.protocol === 'http:' || absolute.protocol === 'https:') {
        imageUrl = absolute.toString();
      }
    } catch {
      imageUrl = null;
    }
  }
  return {
    title,
    description: clean(
      result.ogDescription ?? result.twitterDescription,
      LINK_PREVIEW_LIMITS.description,
    ),
    siteName: clean(result.ogSiteName ?? new URL(pageUrl).hostname, LINK_PREVIEW_LIMITS.siteName),
    imageUrl,
  };
}
