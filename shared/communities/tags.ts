/** A community's tags (`001` §5): trimmed, never blank, no repeats, bounded in count and length. */
export const COMMUNITY_TAGS_MAX = 20;
export const COMMUNITY_TAG_MAX_LENGTH = 40;

export const tagMessages = {
  blank: 'A tag cannot be blank',
  repeated: 'This tag is already added',
  tooLong: `A tag has at most ${COMMUNITY_TAG_MAX_LENGTH} characters`,
  tooMany: `At most ${COMMUNITY_TAGS_MAX} tags`,
  notAList: 'Tags must be a JSON list of strings',
} as const;

/**
 * Adds a typed tag to the list, or says why not. Repeats are compared without case, so
 * "React" and "react" are one tag.
 */
export function addTag(
  tags: readonly string[],
  typed: string,
): { tags: string[]; error: null } | { tags: readonly string[]; error: string } {
  const tag = typed.trim();
  if (tag === '') return { tags, error: tagMessages.blank };
  if (tag.length > COMMUNITY_TAG_MAX_LENGTH) return { tags, error: tagMessages.tooLong };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
    return { tags, error: tagMessages.repeated };
  }
  if (tags.length >= COMMUNITY_TAGS_MAX) return { tags, error: tagMessages.tooMany };
  return { tags: [...tags, tag], error: null };
}

export const removeTag = (tags: readonly string[], tag: string): string[] =>
  tags.filter((t) => t !== tag);
