import type { MentionSuggestion } from '../../../shared/mentions';

/** The `@name` being typed at the caret: where its `@` is and what follows it so far. */
export interface TypedMention {
  start: number;
  query: string;
}

/** An `@` that starts a mention (not inside a word, an address or a path), then the name so far. */
const TYPING = /(?<![\p{L}\p{N}_@./])@([A-Za-z0-9_]{0,30})$/u;

/** The mention the caret is in, if any: only while nothing but a name follows the `@`. */
export function typedMention(text: string, caret: number): TypedMention | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: match.index, query: match[1]! };
}

/** The text with the typed mention replaced by `@username ` and the caret after it. */
export function withMention(
  text: string,
  caret: number,
  typed: TypedMention,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const after = text.slice(caret).replace(/^[A-Za-z0-9_]*\s?/, '');
  return {
    text: `${text.slice(0, typed.start)}${inserted}${after}`,
    caret: typed.start + inserted.length,
  };
}

/**
 * Of a fixed few members (a conversation's participants), those whose username or a word of whose
 * name starts with what follows the `@`, as the server's suggestions match: all of them for a
 * bare `@`.
 */
export function matchingMembers(
  members: readonly MentionSuggestion[],
  query: string,
): MentionSuggestion[] {
  const typed = query.toLowerCase();
  return members.filter(
    (each) =>
      each.username.toLowerCase().startsWith(typed) ||
      each.displayName
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(typed)),
  );
}
