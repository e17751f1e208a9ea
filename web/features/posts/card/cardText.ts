/** A feed card shows this much of a long post; the rest is on the post's page. */
export const CARD_TEXT_MAX = 600;
/** The compact card (saved, trending, lists in a column) shows less. */
export const COMPACT_TEXT_MAX = 240;

export interface CardText {
  text: string;
  truncated: boolean;
}

/**
 * The part of a post a card shows: all of it when short, else the first `max` characters cut at
 * the last word boundary, so "Read more" never follows half a word.
 */
export function cardText(content: string, max: number): CardText {
  const chars = Array.from(content.trimEnd());
  if (chars.length <= max) return { text: chars.join(''), truncated: false };
  const head = chars.slice(0, max).join('');
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > max / 2 ? head.slice(0, lastSpace) : head;
  return { text: `${cut.trimEnd()}…`, truncated: true };
}

/** The author's name as cards show it. */
export function authorName(author: { displayName: string; username: string }): string {
  return author.displayName || author.username;
}
