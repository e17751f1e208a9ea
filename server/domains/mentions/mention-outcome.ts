import type { NewEvent } from '../../../shared/events';
import type { StoredMention } from '../../db/tables/mentions';
import type { Statement } from '../../db/statement';
import { postPath } from '../posts/post-notifications';
import { decideMentions, type MentionsInput } from './mention-decision';
import { mentionEmails } from './mention-email';
import type { MentionEmailContext, MentionRecipient } from './mention-reads';

/** What a command that writes a text appends and queues for its mentions. */
export interface MentionOutcome {
  events: NewEvent[];
  effects: Statement[];
}

/**
 * The mentions part of a command's decision on a post's or comment's text: the `MentionsSet` to
 * append with the content (none when nothing changes), and the emails of the members told now.
 */
export function mentionOutcome(
  input: Omit<MentionsInput, 'candidates'> & {
    recipients: readonly MentionRecipient[];
    email: MentionEmailContext;
    postTitle: string;
    publicUrl: string;
  },
): MentionOutcome {
  const decided = decideMentions({ ...input, candidates: input.recipients });
  if (!decided) return { events: [], effects: [] };
  return {
    events: [{ type: 'MentionsSet', data: decided }],
    effects: mentionEmails(input.email, decided.notify, input.recipients, {
      title: input.postTitle,
      url: `${input.publicUrl}${postPath(input.postId)}`,
    }),
  };
}

/** A post as a command found it, before the change it decides. */
interface PostBefore {
  id: string;
  author_id: string;
  title: string;
  content: string;
  mentions: readonly StoredMention[];
}

/**
 * The mentions part of a change to a post (an edit, by the editor or the content API, or a
 * version restored): the text as the change leaves it, told only if `published` after it.
 */
export function editedPostMentions(
  post: PostBefore,
  change: { title?: string; content?: string },
  published: boolean,
  reads: { recipients: readonly MentionRecipient[]; email: MentionEmailContext; publicUrl: string },
): MentionOutcome {
  return mentionOutcome({
    postId: post.id,
    commentId: null,
    authorId: post.author_id,
    content: change.content ?? post.content,
    previous: post.mentions,
    published,
    recipients: reads.recipients,
    email: reads.email,
    postTitle: change.title ?? post.title,
    publicUrl: reads.publicUrl,
  });
}
