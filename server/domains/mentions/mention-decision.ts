import type { EventData } from '../../../shared/events';
import { mentionHandles } from '../../../shared/mentions';
import type { StoredMention } from '../../db/tables/mentions';

/** A member the text may name: by their username now, or because the text named them before. */
export interface MentionCandidate {
  memberId: string;
  /** Their username, lower-cased. */
  handle: string;
  /** Whether they may see what mentions them, by the relations policy. */
  maySee: boolean;
}

export interface MentionsInput {
  postId: string;
  commentId: string | null;
  authorId: string;
  /** The text as the command leaves it. */
  content: string;
  /** Whom the text mentioned before the command: none for a new one. */
  previous: readonly StoredMention[];
  candidates: readonly MentionCandidate[];
  /** Whether the text is published once the command commits: only then is anyone told. */
  published: boolean;
}

const sameList = (a: readonly StoredMention[], b: readonly StoredMention[]) =>
  a.length === b.length &&
  a.every(
    (each, index) =>
      each.memberId === b[index]!.memberId &&
      each.handle === b[index]!.handle &&
      each.notified === b[index]!.notified,
  );

/**
 * Who the text mentions and who is told, or null when nothing changes.
 *
 * A handle the text named before keeps the member it named then, so a renamed member stays
 * mentioned and a newcomer taking the old name is not; a new handle names the member with that
 * username now. A member is told once: when the text is published and they may see it; the author
 * never. A member who was told and is no longer mentioned has the notification withdrawn.
 */
export function decideMentions(input: MentionsInput): EventData<'MentionsSet'> | null {
  const { postId, commentId, authorId, previous, published } = input;
  const before = new Map(previous.map((each) => [each.handle, each]));
  const byHandle = new Map(input.candidates.map((each) => [each.handle, each]));
  const maySee = new Map(input.candidates.map((each) => [each.memberId, each.maySee]));

  const mentions: StoredMention[] = [];
  const notify: string[] = [];
  for (const handle of mentionHandles(input.content)) {
    const memberId = before.get(handle)?.memberId ?? byHandle.get(handle)?.memberId;
    if (!memberId || mentions.some((each) => each.memberId === memberId)) continue;
    const told = previous.some((each) => each.memberId === memberId && each.notified);
    const tell = !told && published && memberId !== authorId && maySee.get(memberId) === true;
    if (tell) notify.push(memberId);
    mentions.push({ memberId, handle, notified: told || tell });
  }
  const kept = new Set(mentions.map((each) => each.memberId));
  const withdraw = previous
    .filter((each) => each.notified && !kept.has(each.memberId))
    .map((each) => each.memberId);

  if (notify.length === 0 && withdraw.length === 0 && sameList(previous, mentions)) return null;
  return { postId, commentId, authorId, mentions, notify, withdraw };
}
