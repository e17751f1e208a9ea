import { z } from 'zod';
import { text } from '../api/text';
import { communitySchema } from '../communities/schemas';
import { HASHTAG_MAX, normaliseHashtag } from '../hashtags/parse';
import { postSchema } from '../posts/schemas';
import { personSchema } from '../social/people';

/** The kinds the search box finds, in the order its suggestions and tabs show them. */
export const SEARCH_TYPES = ['people', 'posts', 'communities', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_LIMITS = {
  /** The longest search text, in UTF-16 code units. */
  query: 100,
  /** Hits per group in the suggestions under the box. */
  suggestions: 5,
  /** A results tab's page: 20 first, then 20 more each time. */
  page: { default: 20, max: 50 },
  /**
   * People are ranked (exact username, prefix, similarity, mutual friends), not listed in an
   * order a keyset can follow, so their pages are positions in the ranking, up to this many.
   */
  peopleRanked: 200,
} as const;

export const searchMessages = {
  blank: 'Type something to search for.',
  tooLong: `A search is at most ${SEARCH_LIMITS.query} characters.`,
  badCursor: 'The cursor is not one this search gave.',
} as const;

const searchText = text({
  error: searchMessages.blank,
  max: SEARCH_LIMITS.query,
  maxMessage: searchMessages.tooLong,
  trim: true,
  required: searchMessages.blank,
});

/** `GET /search/suggestions`. */
export const searchSuggestionsQuerySchema = z.object({ q: searchText });

/** `GET /search`: one tab of results. */
export const searchQuerySchema = z.object({
  q: searchText,
  type: z.enum(SEARCH_TYPES).default('posts'),
  cursor: text({ max: 400 }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.page.max)
    .default(SEARCH_LIMITS.page.default),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A tag found by its beginning: only its name, and only when the reader may see a post with it. */
export const tagHitSchema = z.object({ tag: z.string() });
export type TagHit = z.infer<typeof tagHitSchema>;

/** The few best hits of each kind, each kind by its own visibility rules. */
export const searchSuggestionsSchema = z.object({
  people: z.array(personSchema),
  posts: z.array(postSchema),
  communities: z.array(communitySchema),
  tags: z.array(tagHitSchema),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

const page = <T extends SearchType, S extends z.ZodType>(type: T, item: S) =>
  z.object({ type: z.literal(type), items: z.array(item), nextCursor: z.string().nullable() });

/** One tab's page; `nextCursor` is null at the end. */
export const searchPageSchema = z.discriminatedUnion('type', [
  page('people', personSchema),
  page('posts', postSchema),
  page('communities', communitySchema),
  page('tags', tagHitSchema),
]);
export type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * The tag prefix a search text names (`#Ago`, `ago`, `ＡＧＯ` all name `ago`), normalised as tags
 * are stored; null when it could begin no tag (spaces, punctuation, too long).
 */
export function tagPrefixOf(q: string): string | null {
  const trimmed = q.trim();
  const prefix = normaliseHashtag(trimmed.startsWith('#') ? trimmed.slice(1) : trimmed);
  if (!/^[\p{L}\p{M}\p{N}_]+$/u.test(prefix) || Array.from(prefix).length > HASHTAG_MAX)
    return null;
  return prefix;
}

/**
 * The words of a search text as a full-text query that every one of them must match (stemmed,
 * so `harbours` finds `harbour`): each word's letters and digits only, so nothing a member types
 * is read as query syntax. Whole words, not prefixes (docs/performance.md, "The search box"):
 * Postgres estimates a prefix's frequency by a default guess, and for a rare prefix or a typo
 * then walks every document by date. Null when no word is left.
 */
export function searchWordsOf(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words.slice(0, 8).join(' & ');
}
