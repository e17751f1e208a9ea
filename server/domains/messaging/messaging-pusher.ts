import { messagingEvents } from '../../../shared/events/messaging';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { isHere, messagesRoom, type Pusher } from '../../realtime/pusher';
import { readMessagesByIds, readViewsOf, viewKey } from './messaging-read';
import { presentMessage, viewerOf } from './messaging-presenter';

const PARTICIPANTS_CACHE_SIZE = 10_000;

type MessagingEvent = Extract<StoredEvent, { type: keyof typeof messagingEvents }>;

const isMessagingEvent = (event: StoredEvent): event is MessagingEvent =>
  Object.hasOwn(messagingEvents, event.type);

interface Target {
  conversationId: string;
  userId: string;
}

/** Participants never change, so each process remembers them instead of asking every time. */
function createParticipantsCache() {
  const known = new Map<string, string[]>();
  const remember = (conversationId: string, participantIds: string[]) => {
    if (known.size >= PARTICIPANTS_CACHE_SIZE) {
      const oldest = known.keys().next().value;
      if (oldest !== undefined) known.delete(oldest);
    }
    known.set(conversationId, participantIds);
  };
  return {
    remember,
    async of(db: Db, conversationIds: string[]): Promise<Map<string, string[]>> {
      const missing = [...new Set(conversationIds)].filter((id) => !known.has(id));
      if (missing.length > 0) {
        const rows = await db
          .selectFrom('conversations')
          .select(['id', 'participant_ids'])
          .where('id', 'in', missing)
          .execute();
        for (const row of rows) remember(row.id, row.participant_ids);
      }
      return new Map(conversationIds.map((id) => [id, known.get(id) ?? []]));
    },
  };
}

/** Of `members`, those whose view of the conversation the event changed (new messages aside). */
function updatedFor(event: MessagingEvent, members: string[]): string[] {
  switch (event.type) {
    case 'ConversationStarted':
    case 'MessagesRead':
      return members;
    case 'MessagesDelivered':
      return members.filter((id) => id !== event.data.userId);
    case 'ConversationFlagSet':
      return members.filter((id) => id === event.data.userId);
    default:
      return [];
  }
}

/**
 * Pushes each participant's own view after commit: `message:new` with the message for every new
 * one, `conversation:updated` for marks, flags and new conversations. Only members with sockets
 * in this process are read for, in one batch of reads per batch of events.
 */
export function createMessagingPusher(): Pusher {
  const participantsCache = createParticipantsCache();
  return {
    name: 'messaging',
    async push(events, io, db) {
      const relevant = events.filter(isMessagingEvent);
      if (relevant.length === 0) return;
      for (const event of relevant) {
        if (event.type === 'ConversationStarted') {
          participantsCache.remember(event.data.conversationId, event.data.participantIds);
        }
      }
      const participants = await participantsCache.of(
        db,
        relevant.map((event) => event.data.conversationId),
      );
      const here = (userId: string) => isHere(io, userId);

      const newMessages: { messageId: string; targets: Target[] }[] = [];
      const updates = new Map<string, Target>();
      for (const event of relevant) {
        const { conversationId } = event.data;
        const members = (participants.get(conversationId) ?? []).filter(here);
        if (event.type === 'MessageSent') {
          const targets = members.map((userId) => ({ conversationId, userId }));
          if (targets.length > 0) newMessages.push({ messageId: event.data.messageId, targets });
          continue;
        }
        for (const userId of updatedFor(event, members)) {
          updates.set(viewKey(conversationId, userId), { conversationId, userId });
        }
      }
      const targets = [...newMessages.flatMap((m) => m.targets), ...updates.values()];
      if (targets.length === 0) return;

      const [views, messages] = await Promise.all([
        readViewsOf(db, targets),
        readMessagesByIds(
          db,
          newMessages.map((m) => m.messageId),
        ),
      ]);
      // Views are read after commit, so one that already went out with a new message is current.
      const sent = new Set<string>();
      for (const { messageId, targets: messageTargets } of newMessages) {
        const message = messages.get(messageId);
        if (!message) continue;
        for (const target of messageTargets) {
          const key = viewKey(target.conversationId, target.userId);
          const view = views.get(key);
          if (!view) continue;
          sent.add(key);
          io.local.to(messagesRoom(target.userId)).emit(SOCKET_EVENTS.messageNew, {
            message: presentMessage(message, viewerOf(view.row)),
            conversation: view.conversation,
          });
        }
      }
      for (const [key, target] of updates) {
        const view = views.get(key);
        if (!view || sent.has(key)) continue;
        io.local
          .to(messagesRoom(target.userId))
          .emit(SOCKET_EVENTS.conversationUpdated, { conversation: view.conversation });
      }
    },
  };
}
