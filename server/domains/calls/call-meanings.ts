import { conversationPath } from '../../../shared/social';
import type { BadgeEffect, EventMeanings, ModuleMeanings } from '../../core/meanings';

/** A call's entry is one more unread message for the callee, as a message from the caller is. */
const oneUnreadForCallee = ({ calleeId }: { calleeId: string }): BadgeEffect => ({
  increment: { counter: 'messages', by: 1, members: { ids: [calleeId] } },
});

const events: EventMeanings = {
  CallDeclined: { badges: oneUnreadForCallee },
  CallEnded: { badges: oneUnreadForCallee },
  /** A missed call tells the callee, grouped per caller's conversation like other notices. */
  CallMissed: {
    notifies: ({ data, streamId, streamVersion }) => [
      {
        recipientId: data.calleeId,
        actorId: data.callerId,
        type: 'missed_call' as const,
        groupKey: `missed_call:${data.conversationId}`,
        sourceKey: `${streamId}@${streamVersion}`,
        actionUrl: conversationPath(data.conversationId),
        actionData: { callId: data.callId, conversationId: data.conversationId, kind: data.kind },
        message: null,
      },
    ],
    // Both counters move: the entry is unread, and the notice is new or merged into its group.
    badges: ({ calleeId }) => ({
      recount: { ids: [calleeId] },
      counters: ['messages', 'notifications'],
    }),
  },
};

export const callMeanings: ModuleMeanings = {
  events,
  notificationWording: {
    missed_call: {
      one: (name) => `Missed call from ${name}`,
      many: (name, others) => `Missed calls from ${name} and ${others}`,
      content: (name) => `You missed a call from ${name}.`,
    },
  },
};
