/*
 * Hashtags in running text, the one parser the server (what a post is indexed under) and the
 * web (which words of a post are links) share, so the two never disagree.
 */

/** The longest tag, in code points after normalising; a longer run is not a tag at all. */
export const HASHTAG_MAX = 64;
/** The most tags one post is listed under; later ones still link, but index nothing. */
export const HASHTAGS_PER_POST_MAX = 30;

const TAG_BODY = /^[\p{L}\p{M}\p{N}_]+$/u;
/** A tag is not only digits (`#1` is "number one"), as on Mastodon and Twitter. */
const HAS_NON_DIGIT = /[\p{L}\p{M}_]/u;
const CANDIDATE = /#([\p{L}\p{M}\p{N}_]+)/gu;
/** What counts as a link in text: a `#` inside one is a fragment, never a tag. */
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;

/** One spelling per tag: NFKC folds compatibility forms (full-width letters), then lower case. */
export function normaliseHashtag(raw: string): string {
  return raw.normalize('NFKC').toLowerCase();
}

/** The tag `raw` names once normalised, or why it names none. */
export function parseHashtag(raw: string): { tag: string } | { error: 'bad' | 'long' } {
  const tag = normaliseHashtag(raw.startsWith('#') ? raw.slice(1) : raw);
  if (!TAG_BODY.test(tag) || !HAS_NON_DIGIT.test(tag)) return { error: 'bad' };
  if (Array.from(tag).length > HASHTAG_MAX) return { error: 'long' };
  return { tag };
}

export type TextSegment =
  | { kind: 'text'; text: string }
  /** `text` is as written (`#Agora`), `tag` normalised (`agora`). */
  | { kind: 'hashtag'; text: string; tag: string };

function urlSpans(text: string): [number, number][] {
  return [...text.matchAll(URL_IN_TEXT)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * The text cut into plain runs and hashtags, in order; joined back, the segments' `text` is the
 * text. A `#` starts a tag only where no letter, digit or underscore stands before it (`a#b` is
 * not one) and outside links (`https://x/#frag`). New kinds (mentions) add a case here.
 */
export function textSegments(text: string): TextSegment[] {
  const spans = urlSpans(text);
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const at = match.index;
    // Two code units: the character before may be a letter outside the BMP (a surrogate pair).
    if (at > 0 && /[\p{L}\p{M}\p{N}_#&]$/u.test(text.slice(Math.max(0, at - 2), at))) continue;
    if (spans.some(([from, to]) => at >= from && at < to)) continue;
    const parsed = parseHashtag(match[1]!);
    if (!('tag' in parsed)) continue;
    if (at > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, at) });
    segments.push({ kind: 'hashtag', text: match[0], tag: parsed.tag });
    plainFrom = at + match[0].length;
  }
  if (plainFrom < text.length) segments.push({ kind: 'text', text: text.slice(plainFrom) });
  return segments;
}

/** The text's tags, normalised, each once, in the order they first appear, at most the bound. */
export function hashtagsIn(text: string): string[] {
  const tags = new Set<string>();
  for (const segment of textSegments(text)) {
    if (segment.kind === 'hashtag') tags.add(segment.tag);
    if (tags.size === HASHTAGS_PER_POST_MAX) break;
  }
  return [...tags];
}

/** The page of a tag. */
export const hashtagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;
