import { z } from 'zod';
import { MENTION_MAX } from '../mentions';

const mentioned = z.strictObject({
  memberId: z.uuid(),
  /** The handle as written, lower-cased: what the text's `@name` is matched against. */
  handle: z.string(),
  /** Whether the member was told: once each, however often the text is edited. */
  notified: z.boolean(),
});

export const mentionEvents = {
  /**
   * The members a post (`commentId` null) or one of its comments mentions now, appended with the
   * content that names them, on the same stream. `notify` are told now (newly mentioned in
   * published content they may see, who had not been told); `withdraw` were told and are no longer
   * mentioned.
   */
  MentionsSet: z.strictObject({
    postId: z.uuid(),
    commentId: z.uuid().nullable(),
    authorId: z.uuid(),
    mentions: z.array(mentioned).max(MENTION_MAX),
    notify: z.array(z.uuid()).max(MENTION_MAX),
    withdraw: z.array(z.uuid()).max(MENTION_MAX),
  }),
  /**
   * The members a community post (`communityPostId`) or a discussion reply (`replyId`, in
   * `discussionId`) mentions, appended with it on its stream; neither is edited, so a list is set
   * once and `notify` are told then.
   */
  CommunityMentionsSet: z.strictObject({
    communityId: z.uuid(),
    communityPostId: z.uuid().nullable(),
    discussionId: z.uuid().nullable(),
    replyId: z.uuid().nullable(),
    authorId: z.uuid(),
    mentions: z.array(mentioned).max(MENTION_MAX),
    notify: z.array(z.uuid()).max(MENTION_MAX),
  }),
  /**
   * The participants a message mentions, appended with its `MessageSent` on the conversation's
   * stream. Only the conversation's participants can be named, since nobody else may read it; a
   * message is never edited, so the list is set once and `notify` are told then.
   */
  MessageMentionsSet: z.strictObject({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    authorId: z.uuid(),
    mentions: z.array(mentioned).max(MENTION_MAX),
    notify: z.array(z.uuid()).max(MENTION_MAX),
  }),
};
