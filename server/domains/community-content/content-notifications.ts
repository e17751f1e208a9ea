import { discussionPath } from '../../../shared/communities';
import type { EventMeanings, ModuleMeanings } from '../../core/meanings';

/**
 * A discussion's author hears of replies, as a post's author hears of comments: grouped per
 * discussion ('Ana and 2 others replied to your discussion'), never of their own.
 */
const events: EventMeanings = {
  DiscussionReplied: {
    notifies: ({ data }) =>
      data.authorId === data.discussionAuthorId
        ? []
        : [
            {
              recipientId: data.discussionAuthorId,
              actorId: data.authorId,
              type: 'discussion_replied',
              groupKey: `discussion_replied:${data.discussionId}`,
              sourceKey: data.replyId,
              actionUrl: discussionPath(data.communityId, data.discussionId),
              actionData: { communityId: data.communityId, discussionId: data.discussionId },
              message: data.content,
            },
          ],
    badges: (data) =>
      data.authorId === data.discussionAuthorId
        ? {}
        : { recount: { ids: [data.discussionAuthorId] } },
  },
};

export const communityContentMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    discussion_replied: {
      one: (name) => `${name} replied to your discussion`,
      many: (name, others) => `${name} and ${others} replied to your discussion`,
      content: (name, message) => message ?? `${name} replied to your discussion.`,
    },
  },
};
