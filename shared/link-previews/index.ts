import { z } from 'zod';

/** What a preview card may belong to. */
export const linkPreviewTargetSchema = z.enum(['post', 'comment', 'message']);
export type LinkPreviewTarget = z.infer<typeof linkPreviewTargetSchema>;

/** Longest values kept from a page's metadata: a card shows a line or two, never a page. */
export const LINK_PREVIEW_LIMITS = {
  url: 2048,
  title: 300,
  description: 1000,
  siteName: 100,
} as const;

/** A preview card as REST answers and pushes carry it; `image` is a `/cdn/` URL, never the page's. */
export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  siteName: z.string(),
  image: z.string().nullable(),
  /** The preview's own version on its target, so a client keeps the newest card or removal. */
  version: z.number().int().nonnegative(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** `GET /link-previews?url=`: the editor's card for a URL being typed. */
export const linkPreviewQuerySchema = z.strictObject({
  url: z.string().trim().min(1).max(LINK_PREVIEW_LIMITS.url),
});

/** The editor's card: the same card without a target, or none when the page gave nothing. */
export const linkPreviewLookupSchema = z.object({
  preview: linkPreviewSchema.omit({ version: true }).nullable(),
});
export type LinkPreviewLookup = z.infer<typeof linkPreviewLookupSchema>;

export const linkPreviewParamsSchema = z.strictObject({
  kind: linkPreviewTargetSchema,
  id: z.uuid(),
});

export const linkPreviewMessages = {
  notFound: 'Not found',
  notYours: 'Only the author can remove this preview.',
  noPreview: 'There is no preview to remove.',
  badUrl: 'Enter an http or https address.',
  tooMany: 'Too many previews asked for. Try again in a minute.',
} as const;

/**
 * A URL in running text: http or https, up to whitespace or a character that cannot stand
 * unescaped in one. Punctuation that usually closes a sentence is trimmed off afterwards.
 */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/giu;
const TRAILING = /[.,;:!?)\]}]+$/u;

/**
 * The first http(s) URL in a post, comment or message, as it will be fetched (normalised), or
 * null. A closing bracket is kept when the URL opened one itself (`…/Foo_(bar)`).
 */
export function firstLinkIn(text: string): string | null {
  for (const match of text.matchAll(URL_IN_TEXT)) {
    let candidate = match[0];
    while (TRAILING.test(candidate)) {
      const last = candidate.at(-1)!;
      const opener = { ')': '(', ']': '[', '}': '{' }[last];
      if (opener && count(candidate, opener) >= count(candidate, last)) break;
      candidate = candidate.slice(0, -1);
    }
    const normal = normaliseUrl(candidate);
    if (normal) return normal;
  }
  return null;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * One spelling per page, the cache's key: http(s) only, no credentials, lowercase host (WHATWG
 * parsing also punycodes it and drops a default port), no fragment, query parameters sorted and
 * tracking ones (`utm_*`, `fbclid`, `gclid`) dropped. Null for anything else.
 */
export function normaliseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  url.hash = '';
  const kept = [...url.searchParams.entries()].filter(
    ([name]) => !/^utm_/iu.test(name) && name !== 'fbclid' && name !== 'gclid',
  );
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  const normal = url.toString();
  return normal.length <= LINK_PREVIEW_LIMITS.url ? normal : null;
}
