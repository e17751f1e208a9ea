import { sql } from 'kysely';
import { drawnRows } from '../../../shared/first-screen';
import type { Members } from '../../core/meanings';
import type { DomainModule } from '../../core/module';
import { createMessagingPusher } from './messaging-pusher';
import { readConversationsOf } from './messaging-read';
import { messagingProjection } from './messaging-projection';
import { messagingRoutes } from './routes';
import { createTypingFeature } from './typing';

const participants = (conversationId: string): Members['query'] =>
  sql<{ user_id: string }>`select user_id from conversation_members
    where conversation_id = ${conversationId}::uuid`;

const recountMemberAndParticipants = (data: { conversationId: string; userId: string }) => ({
  recount: { ids: [data.userId], query: participants(data.conversationId) },
});

/** One-to-one conversations with live delivery, marks, flags and typing; the messages badge. */
export const messagingModule: DomainModule = {
  name: 'messaging',
  meanings: {
    events: {
      ConversationStarted: {
        badges: ({ participantIds }) => ({ recount: { ids: participantIds } }),
      },
      MessageSent: {
        // Exactly one more unread message for each participant but the sender: no recount.
        badges: ({ conversationId, senderId }) => ({
          increment: {
            counter: 'messages',
            by: 1,
            members: {
              query: sql<{ user_id: string }>`select user_id from conversation_members
                where conversation_id = ${conversationId}::uuid and user_id <> ${senderId}::uuid`,
            },
          },
        }),
      },
      MessagesDelivered: { badges: recountMemberAndParticipants },
      MessagesRead: { badges: recountMemberAndParticipants },
      ConversationFlagSet: { badges: recountMemberAndParticipants },
    },
    badgeCounters: {
      messages: (userId) =>
        sql<number>`(select coalesce(sum(m.unread_count), 0) from conversation_members m
          where m.user_id = ${userId})::int`,
    },
  },
  projections: () => [messagingProjection],
  routes: messagingRoutes,
  pushers: () => [createMessagingPusher()],
  socketFeatures: (deps) => [createTypingFeature(deps)],
  // The conversation list as `GET /api/conversations` answers it, from the primary.
  firstScreens: ({ db }) => ({
    messages: async (_page, memberId) => ({
      page: 'messages',
      conversations: drawnRows(await readConversationsOf(db, memberId)),
    }),
  }),
};
