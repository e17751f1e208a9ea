import { moderationNotice } from '../../../shared/moderation';
import type { EventMeanings, ModuleMeanings, NotificationIntent } from '../../core/meanings';

/** Each notice stands alone: two warnings never merge into "and 1 other". */
const raisedBy = (event: { streamId: string; streamVersion: number }) =>
  `${event.streamId}@${event.streamVersion}`;

function notice(
  event: { streamId: string; streamVersion: number },
  recipientId: string,
  moderatorId: string,
  message: string,
  actionUrl: string,
  actionData: Record<string, unknown>,
): NotificationIntent[] {
  const key = raisedBy(event);
  return [
    {
      recipientId,
      actorId: moderatorId,
      type: 'moderation_notice',
      groupKey: `moderation_notice:${key}`,
      sourceKey: key,
      actionUrl,
      actionData,
      message,
    },
  ];
}

/**
 * The author hears of a hide or removal of their content (with the reason), and a member of a
 * warning; a suspension is told at sign-in, where it is refused with its reason.
 */
const events: EventMeanings = {
  ContentModerated: {
    notifies: (event) => {
      const d = event.data;
      if (d.action === 'approve') return [];
      const url = d.action === 'hide' ? `/post/${d.postId}` : '/';
      return notice(
        event,
        d.authorId,
        d.moderatorId,
        moderationNotice(d.action, d.targetType, d.reason),
        url,
        {
          postId: d.postId,
          targetType: d.targetType,
          targetId: d.targetId,
        },
      );
    },
    badges: (d) => (d.action === 'approve' ? {} : { recount: { ids: [d.authorId] } }),
  },
  MemberWarned: {
    notifies: (event) =>
      notice(
        event,
        event.data.userId,
        event.data.moderatorId,
        moderationNotice('warn', event.data.targetType, event.data.reason),
        '/',
        { targetType: event.data.targetType, targetId: event.data.targetId },
      ),
    badges: (d) => ({ recount: { ids: [d.userId] } }),
  },
};

export const moderationMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    moderation_notice: {
      one: () => 'A moderator reviewed your content',
      many: () => 'Moderators reviewed your content',
      content: (_name, message) => message ?? 'A moderator reviewed your content.',
    },
  },
};
