import { sql, type RawBuilder } from 'kysely';
import type { NotificationType } from '../../../shared/social/notifications';
import type {
  BadgeEffect,
  EventMeanings,
  ModuleMeanings,
  NotificationIntent,
} from '../../core/meanings';
import { value, type Read } from '../../core/reads';
import type { Statement } from '../../db/statement';
import type { RecordedEvent } from '../../eventstore/stored-event';
import { queueEmail } from '../email/outbox';
import type { StoredTemplate } from '../email/template-store';
import { raisedNotification } from '../notifications/notification-ids';
import { wants } from '../notifications/preferences';

/** Where a notification or an email about a post sends its reader. */
export const postPath = (postId: string) => `/post/${postId}`;

/**
 * Notifications about one post group together: 'Ana and 3 others liked your post' names that
 * post, so likes of two posts are two notifications.
 */
export const postGroupKey = (type: NotificationType, postId: string) => `${type}:${postId}`;

interface OnPost {
  postId: string;
  postAuthorId: string;
}

/** The author hears of what others do to their post; nobody is told of their own doing. */
function toAuthor(
  type: NotificationType,
  data: OnPost,
  actorId: string,
  sourceKey: string,
  message: string | null = null,
): NotificationIntent[] {
  if (actorId === data.postAuthorId) return [];
  return [
    {
      recipientId: data.postAuthorId,
      actorId,
      type,
      groupKey: postGroupKey(type, data.postId),
      sourceKey,
      actionUrl: postPath(data.postId),
      actionData: { postId: data.postId },
      message,
    },
  ];
}

/**
 * The author's notifications badge follows what their notifications became: recounted when the
 * event raised a notification of its own, not when it merged into one they had unread (the
 * 5,000th like of a post changes no count). Their other badges cannot move.
 */
const authorBadges = (data: OnPost, actorId: string, raised: RecordedEvent): BadgeEffect =>
  actorId === data.postAuthorId
    ? {}
    : {
        recount: { ids: [data.postAuthorId] },
        counters: ['notifications'],
        onlyIf: raisedNotification(raised, data.postAuthorId),
      };

/** A withdrawal may remove the notification: the author's notifications badge is recounted. */
const authorRecount = (data: OnPost, actorId: string): BadgeEffect =>
  actorId === data.postAuthorId
    ? {}
    : { recount: { ids: [data.postAuthorId] }, counters: ['notifications'] };

/** What each stream's event raised, told apart from every other raise: how its push finds it. */
const raisedBy = (event: { streamId: string; streamVersion: number }) =>
  `${event.streamId}@${event.streamVersion}`;

const events: EventMeanings = {
  PostLiked: {
    notifies: (event) => toAuthor('post_liked', event.data, event.data.userId, raisedBy(event)),
    badges: (data, event) => authorBadges(data, data.userId, event),
  },
  // A like taken back leaves the notification, so none still claims it.
  PostUnliked: {
    withdraws: ({ data }) =>
      data.userId === data.postAuthorId
        ? []
        : [
            {
              recipientId: data.postAuthorId,
              actorId: data.userId,
              groupKey: postGroupKey('post_liked', data.postId),
            },
          ],
    badges: (data) => authorRecount(data, data.userId),
  },
  CommentAdded: {
    notifies: ({ data }) =>
      toAuthor('post_commented', data, data.authorId, data.commentId, data.content),
    badges: (data, event) => authorBadges(data, data.authorId, event),
  },
  PostShared: {
    notifies: (event) => toAuthor('post_shared', event.data, event.data.userId, raisedBy(event)),
    badges: (data, event) => authorBadges(data, data.userId, event),
  },
};

/** What the posts' events mean to notifications and badges, and how those notifications read. */
export const postMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    post_liked: {
      one: (name) => `${name} liked your post`,
      many: (name, others) => `${name} and ${others} liked your post`,
      content: (name) => `${name} liked your post.`,
    },
    post_commented: {
      one: (name) => `${name} commented on your post`,
      many: (name, others) => `${name} and ${others} commented on your post`,
      content: (name, message) => message ?? `${name} commented on your post.`,
    },
    post_shared: {
      one: (name) => `${name} shared your post`,
      many: (name, others) => `${name} and ${others} shared your post`,
      content: (name) => `${name} shared your post.`,
    },
  },
};

/** What an email to a post's author needs, read with the command's other reads. */
export interface PostEmailContext {
  template: StoredTemplate | null;
  /** Null when the author is gone or disabled, or does not want this type by email. */
  recipientEmail: string | null;
  actorName: string | null;
  postTitle: string | null;
}

/** The template, the author's address if they want the email, the names: one expression. */
export function postEmailContext(
  postId: string,
  actorId: string,
  type: NotificationType,
  templateName: string,
): RawBuilder<PostEmailContext> {
  const author = sql`(select p.author_id from posts p where p.id = ${postId}::uuid)`;
  return sql<PostEmailContext>`json_build_object(
    'template', (select row_to_json(t) from email_templates t where t.name = ${templateName}),
    'recipientEmail', (select u.email from users u
      where u.id = ${author} and u.status = 'active' and ${wants(author, type, 'email')}),
    'actorName', (select a.display_name from users a where a.id = ${actorId}::uuid),
    'postTitle', (select p.title from posts p where p.id = ${postId}::uuid))`;
}

/** The email's context as a read of its own. */
export function postEmailRead(
  postId: string,
  actorId: string,
  type: NotificationType,
  templateName: string,
): Read<PostEmailContext> {
  return value(postEmailContext(postId, actorId, type, templateName));
}

/**
 * Queues the email in the command's write when the author wants it; `variables` names the actor,
 * the post's title and its link as the template calls them.
 */
export function postEmail(
  context: PostEmailContext,
  variables: (names: { actorName: string; postTitle: string }) => Record<string, string>,
): Statement[] {
  const { template, recipientEmail, actorName, postTitle } = context;
  if (!template || !recipientEmail || actorName === null || postTitle === null) return [];
  return queueEmail(template, recipientEmail, variables({ actorName, postTitle }));
}
