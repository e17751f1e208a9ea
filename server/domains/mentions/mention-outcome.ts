import { communityPath, discussionPath } from '../../../shared/communities';
import type { NewEvent } from '../../../shared/events';
import type { Mention } from '../../../shared/mentions';
import { conversationPath } from '../../../shared/social/messaging';
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

/** What a community post or a discussion reply is, for its mentions. */
export type CommunityText =
  | { kind: 'post'; communityId: string; communityPostId: string }
  | { kind: 'reply'; communityId: string; discussionId: string; replyId: string };

/**
 * The mentions of a new community post or discussion reply: the `CommunityMentionsSet` to append
 * with it (none when it names nobody), and the emails of the members told.
 */
export function communityMentionOutcome(input: {
  text: CommunityText;
  authorId: string;
  content: string;
  recipients: readonly MentionRecipient[];
  email: MentionEmailContext;
  title: string;
  publicUrl: string;
}): MentionOutcome {
  const { text } = input;
  const decided = decideMentions({
    postId: text.kind === 'post' ? text.communityPostId : text.replyId,
    commentId: null,
    authorId: input.authorId,
    content: input.content,
    previous: [],
    candidates: input.recipients,
    published: true,
  });
  if (!decided || decided.mentions.length === 0) return { events: [], effects: [] };
  const url =
    text.kind === 'post'
      ? communityPath(text.communityId)
      : discussionPath(text.communityId, text.discussionId);
  return {
    events: [
      {
        type: 'CommunityMentionsSet',
        data: {
          communityId: text.communityId,
          communityPostId: text.kind === 'post' ? text.communityPostId : null,
          discussionId: text.kind === 'reply' ? text.discussionId : null,
          replyId: text.kind === 'reply' ? text.replyId : null,
          authorId: input.authorId,
          mentions: decided.mentions,
          notify: decided.notify,
        },
      },
    ],
    effects: mentionEmails(input.email, decided.notify, input.recipients, {
      title: input.title,
      url: `${input.publicUrl}${url}`,
    }),
  };
}

/** The title a mention email gives a message: the message itself is not sent by email. */
const MESSAGE_TITLE = 'a message';

/**
 * The mentions of a new message: the `MessageMentionsSet` to append with it (none when it names
 * no participant), and the emails of the participants told.
 */
export function messageMentionOutcome(input: {
  conversationId: string;
  messageId: string;
  authorId: string;
  content: string;
  recipients: readonly MentionRecipient[];
  email: MentionEmailContext;
  publicUrl: string;
}): MentionOutcome & { mentions: Mention[] } {
  const decided = decideMentions({
    postId: input.messageId,
    commentId: null,
    authorId: input.authorId,
    content: input.content,
    previous: [],
    candidates: input.recipients,
    published: true,
  });
  if (!decided || decided.mentions.length === 0) return { events: [], effects: [], mentions: [] };
  const username = new Map(input.recipients.map((each) => [each.memberId, each.username]));
  return {
    // As `mentionedSql` reads them back: the answer to the sender needs no second read.
    mentions: decided.mentions.map(({ memberId, handle }) => ({
      handle,
      memberId,
      username: username.get(memberId)!,
    })),
    events: [
      {
        type: 'MessageMentionsSet',
        data: {
          conversationId: input.conversationId,
          messageId: input.messageId,
          authorId: input.authorId,
          mentions: decided.mentions,
          notify: decided.notify,
        },
      },
    ],
    effects: mentionEmails(input.email, decided.notify, input.recipients, {
      title: MESSAGE_TITLE,
      url: `${input.publicUrl}${conversationPath(input.conversationId)}`,
    }),
  };
}
