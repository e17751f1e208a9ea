import type { EventMeanings, ModuleMeanings } from '../../core/meanings';
import { raisedNotification } from '../notifications/notification-ids';
import { postGroupKey, postPath } from '../posts/post-notifications';

/**
 * Reposts and quotes tell the original's author, grouped per post like likes ("Ana and 3 others
 * reposted your post"); nobody is told of their own doing. An undone repost, or a deleted quote
 * when its author quotes the post in no other, leaves the group, so a notification that named
 * only them goes. Told in the app, and by email ('Repost', 'Quote', queued by the commands) only
 * to a member who turns it on: a repost is as light as a like, so the email defaults off.
 */
const events: EventMeanings = {
  PostReposted: {
    notifies: ({ data, streamId, streamVersion }) =>
      data.userId === data.postAuthorId
        ? []
        : [
            {
              recipientId: data.postAuthorId,
              actorId: data.userId,
              type: 'repost' as const,
              groupKey: postGroupKey('repost', data.postId),
              sourceKey: `${streamId}@${streamVersion}`,
              actionUrl: postPath(data.postId),
              actionData: { postId: data.postId },
              message: null,
            },
          ],
    badges: (data, event) =>
      data.userId === data.postAuthorId
        ? {}
        : {
            recount: { ids: [data.postAuthorId] },
            counters: ['notifications'],
            onlyIf: raisedNotification(event, data.postAuthorId),
          },
  },
  RepostUndone: {
    withdraws: ({ data }) =>
      data.userId === data.postAuthorId
        ? []
        : [
            {
              recipientId: data.postAuthorId,
              actorId: data.userId,
              groupKey: postGroupKey('repost', data.postId),
            },
          ],
    badges: (data) =>
      data.userId === data.postAuthorId
        ? {}
        : { recount: { ids: [data.postAuthorId] }, counters: ['notifications'] },
  },
  PostQuoted: {
    notifies: ({ data, streamId, streamVersion }) =>
      data.userId === data.postAuthorId || !data.notify
        ? []
        : [
            {
              recipientId: data.postAuthorId,
              actorId: data.userId,
              type: 'quote' as const,
              groupKey: postGroupKey('quote', data.postId),
              sourceKey: `${streamId}@${streamVersion}`,
              // The quote is what there is to read.
              actionUrl: postPath(data.quotePostId),
              actionData: { postId: data.quotePostId, quotedPostId: data.postId },
              message: null,
            },
          ],
    badges: (data, event) =>
      data.userId === data.postAuthorId || !data.notify
        ? {}
        : {
            recount: { ids: [data.postAuthorId] },
            counters: ['notifications'],
            onlyIf: raisedNotification(event, data.postAuthorId),
          },
  },
  QuoteDeleted: {
    withdraws: ({ data }) =>
      data.userId === data.postAuthorId || data.stillQuotes
        ? []
        : [
            {
              recipientId: data.postAuthorId,
              actorId: data.userId,
              groupKey: postGroupKey('quote', data.postId),
            },
          ],
    badges: (data) =>
      data.userId === data.postAuthorId || data.stillQuotes
        ? {}
        : { recount: { ids: [data.postAuthorId] }, counters: ['notifications'] },
  },
};

export const repostMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    repost: {
      one: (name) => `${name} reposted your post`,
      many: (name, others) => `${name} and ${others} reposted your post`,
      content: (name) => `${name} reposted your post.`,
    },
    quote: {
      one: (name) => `${name} quoted your post`,
      many: (name, others) => `${name} and ${others} quoted your post`,
      content: (name) => `${name} quoted your post.`,
    },
  },
};
