import { isBlank } from '../../../shared/api/text';
import { MAX_TAGS, TAG_MAX } from '../../../shared/media';

/** The server's own messages (`tagsSchema` in shared/media), so both sides read the same. */
export const tagMessages = {
  blank: 'A tag cannot be blank',
  tooLong: `A tag is at most ${TAG_MAX} characters`,
  control: 'A tag cannot contain control characters',
  tooMany: `At most ${MAX_TAGS} tags`,
} as const;

/** The server's rule: no control, format or unpaired surrogate code points. */
const PRINTABLE = /^[^\p{C}]+$/u;

/** What the tag editor holds: the chips, the text still being typed, and why it was refused. */
export interface TagDraft {
  tags: readonly string[];
  draft: string;
  problem: string | null;
}

/**
 * Adds one typed tag as the server would store it: trimmed, and not twice. Lengths are UTF-16
 * code units, as the server counts them. A repeat is no error: the member already has that tag.
 */
export function addTag(
  tags: readonly string[],
  typed: string,
): { tags: readonly string[]; problem: string | null } {
  const tag = typed.trim();
  if (isBlank(tag)) return { tags, problem: tagMessages.blank };
  if (tag.length > TAG_MAX) return { tags, problem: tagMessages.tooLong };
  if (!PRINTABLE.test(tag)) return { tags, problem: tagMessages.control };
  if (tags.includes(tag)) return { tags, problem: null };
  if (tags.length >= MAX_TAGS) return { tags, problem: tagMessages.tooMany };
  return { tags: [...tags, tag], problem: null };
}

/**
 * Adds comma-separated pieces in order and stops at the first refused one, which stays in the
 * draft with the rest so the member can fix it; a blank piece has nothing to fix and is dropped.
 */
function addPieces(tags: readonly string[], pieces: readonly string[], tail: string[]): TagDraft {
  let current = tags;
  for (const [index, piece] of pieces.entries()) {
    const added = addTag(current, piece);
    if (added.problem) {
      const left = pieces.slice(isBlank(piece) ? index + 1 : index);
      return { tags: current, draft: [...left, ...tail].join(','), problem: added.problem };
    }
    current = added.tags;
  }
  return { tags: current, draft: tail.join(','), problem: null };
}

/** Enter: everything typed becomes tags (a pasted "a, b" gives two). */
export function commitDraft(tags: readonly string[], draft: string): TagDraft {
  return addPieces(tags, draft.split(','), []);
}

/** Typing: a comma ends a tag, so what precedes the last comma is added and the rest kept. */
export function typeDraft(tags: readonly string[], value: string): TagDraft {
  const pieces = value.split(',');
  const tail = pieces.pop() ?? '';
  if (pieces.length === 0) return { tags, draft: value, problem: null };
  return addPieces(tags, pieces, [tail]);
}

export function removeTag(tags: readonly string[], tag: string): readonly string[] {
  return tags.filter((kept) => kept !== tag);
}

/** Backspace in an empty input takes back the last chip. */
export function removeLastTag(tags: readonly string[]): readonly string[] {
  return tags.slice(0, -1);
}

export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
