import { communityPath, discussionPath } from '../../../shared/communities';
import { conversationPath } from '../../../shared/social/messaging';
import type { EventMeanings, ModuleMeanings } from '../../core/meanings';
import { postGroupKey, postPath } from '../posts/post-notifications';

/** What a mention means to notifications and badges, and how its notification reads. */
const events: EventMeanings = {
  MentionsSet: {
    notifies: ({ data, streamId, streamVersion }) =>
      data.notify.map((recipientId) => ({
        recipientId,
        actorId: data.authorId,
        type: 'mention' as const,
        // Mentions in a post and in its comments are one group: "Ana and 2 others mentioned you".
        groupKey: postGroupKey('mention', data.postId),
        sourceKey: `${streamId}@${streamVersion}`,
        actionUrl: postPath(data.postId),
        actionData: { postId: data.postId, commentId: data.commentId },
        message: null,
      })),
    withdraws: ({ data }) =>
      data.withdraw.map((recipientId) => ({
        recipientId,
        actorId: data.authorId,
        groupKey: postGroupKey('mention', data.postId),
      })),
    badges: (data) =>
      data.notify.length + data.withdraw.length === 0
        ? {}
        : { recount: { ids: [...data.notify, ...data.withdraw] }, counters: ['notifications'] },
  },
  CommunityMentionsSet: {
    notifies: ({ data, streamId, streamVersion }) =>
      data.notify.map((recipientId) => ({
        recipientId,
        actorId: data.authorId,
        type: 'mention' as const,
        // Mentions in one discussion's replies are one group, as a post's comments are.
        groupKey:
          data.discussionId !== null
            ? `mention:discussion:${data.discussionId}`
            : `mention:community-post:${data.communityPostId}`,
        sourceKey: `${streamId}@${streamVersion}`,
        actionUrl:
          data.discussionId !== null
            ? discussionPath(data.communityId, data.discussionId)
            : communityPath(data.communityId),
        actionData: {
          communityId: data.communityId,
          communityPostId: data.communityPostId,
          discussionId: data.discussionId,
          replyId: data.replyId,
        },
        message: null,
      })),
    badges: (data) =>
      data.notify.length === 0
        ? {}
        : { recount: { ids: data.notify }, counters: ['notifications'] },
  },
  MessageMentionsSet: {
    notifies: ({ data, streamId, streamVersion }) =>
      data.notify.map((recipientId) => ({
        recipientId,
        actorId: data.authorId,
        type: 'mention' as const,
        // Mentions in one conversation are one group, as a post's are.
        groupKey: `mention:conversation:${data.conversationId}`,
        sourceKey: `${streamId}@${streamVersion}`,
        actionUrl: conversationPath(data.conversationId),
        actionData: { conversationId: data.conversationId, messageId: data.messageId },
        message: null,
      })),
    badges: (data) =>
      data.notify.length === 0
        ? {}
        : { recount: { ids: data.notify }, counters: ['notifications'] },
  },
};

export const mentionMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    mention: {
      one: (name) => `${name} mentioned you`,
      many: (name, others) => `${name} and ${others} mentioned you`,
      content: (name) => `${name} mentioned you.`,
    },
  },
};
