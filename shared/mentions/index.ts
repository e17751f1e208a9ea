import { z } from 'zod';
import { text } from '../api/text';

/** At most this many members are mentioned by one text; later `@names` stay plain text. */
export const MENTION_MAX = 20;
/** How many members the editor's autocomplete offers at once. */
export const MENTION_SUGGESTIONS = 8;

/**
 * `@username` as usernames are made (3 to 30 letters, digits and underscores), not inside a word,
 * an address or a path: `ana@example.com` and `/@ana` mention nobody.
 */
const MENTION = /(?<![\p{L}\p{N}_@./])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/gu;

/** The handles a text mentions, lower-cased, each once, in the order they first appear. */
export function mentionHandles(content: string): string[] {
  const handles = new Set<string>();
  for (const match of content.matchAll(MENTION)) {
    if (handles.size === MENTION_MAX) break;
    handles.add(match[1]!.toLowerCase());
  }
  return [...handles];
}

/** A piece of a text: plain, or an `@handle` as written (without the `@`). */
export type MentionPiece = { text: string } | { text: string; handle: string };

/** The text cut around its `@handles`, so a view can link the ones that name a member. */
export function splitMentions(content: string): MentionPiece[] {
  const pieces: MentionPiece[] = [];
  let at = 0;
  for (const match of content.matchAll(MENTION)) {
    if (match.index > at) pieces.push({ text: content.slice(at, match.index) });
    pieces.push({ text: match[0], handle: match[1]!.toLowerCase() });
    at = match.index + match[0].length;
  }
  if (at < content.length) pieces.push({ text: content.slice(at) });
  return pieces;
}

/**
 * A member a post or comment mentions, as reads and pushes carry it: the handle as it was written
 * (lower-cased) and the member it named then, with their username now, so the link survives a
 * rename.
 */
export const mentionSchema = z.object({
  handle: z.string(),
  memberId: z.uuid(),
  username: z.string(),
});
export type Mention = z.infer<typeof mentionSchema>;

/** `GET /mentions/suggestions?q=`: the start of a username or name, after the `@`. */
export const mentionSuggestionsQuerySchema = z.strictObject({
  q: text({ trim: true, max: 30 }).default(''),
});

export const mentionSuggestionSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  /** Why the member comes first: a friend, someone the author follows, or neither. */
  relation: z.enum(['friend', 'following', 'other']),
});
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;

export const mentionSuggestionsSchema = z.object({
  members: z.array(mentionSuggestionSchema),
});
export type MentionSuggestions = z.infer<typeof mentionSuggestionsSchema>;

/** The profile's Mentions tab pages this many posts. */
export const MENTIONED_PAGE = { default: 10, max: 50 } as const;

/** `GET /users/{id}/mentions`: keyset pages of the posts that mention the member. */
export const mentionedPostsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MENTIONED_PAGE.max).default(MENTIONED_PAGE.default),
  cursor: text({ max: 200 }).optional(),
});
