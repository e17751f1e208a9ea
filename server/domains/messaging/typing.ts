import { SOCKET_EVENTS, type TypingPayload } from '../../../shared/realtime';
import { typingSignalSchema } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { ListenConnection } from '../../realtime/listen-connection';
import { userRoom } from '../../realtime/pusher';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { parseTypingNotice, publishTyping, TYPING_CHANNEL } from './typing-channel';

/** A socket passes on at most one typing signal per conversation in this time. */
export const TYPING_THROTTLE_MS = 1000;

/** The member's contact in the conversation; null when they are not in it. */
async function contactIn(db: Db, conversationId: string, userId: string): Promise<string | null> {
  const member = await db
    .selectFrom('conversation_members')
    .select('contact_id')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return member?.contact_id ?? null;
}

/**
 * Typing signals: a socket says it is typing in a conversation; the contact's sockets on every
 * process hear it through Postgres NOTIFY. Nothing is stored.
 */
export function createTypingFeature(deps: ListenDeps): SocketFeature {
  let listener: ListenConnection | null = null;
  return {
    name: 'typing',
    async start(io) {
      listener = new ListenConnection({
        connectionString: deps.connectionString,
        channels: [TYPING_CHANNEL],
        logger: deps.logger,
        onNotification: (raw) => {
          const notice = parseTypingNotice(raw);
          if (!notice) return;
          const { conversationId, userId, toUserId } = notice;
          const room = userRoom(toUserId);
          if (!io.sockets.adapter.rooms.get(room)?.size) return;
          const payload: TypingPayload = { conversationId, userId };
          io.local.to(room).emit(SOCKET_EVENTS.typing, payload);
        },
      });
      await listener.start();
    },
    attach(socket, session) {
      const lastSignal = new Map<string, number>();
      // Membership never changes, so one look-up per conversation serves the socket's life.
      const recipients = new Map<string, Promise<string | null>>();
      socket.on(SOCKET_EVENTS.typing, (signal: unknown) => {
        const parsed = typingSignalSchema.safeParse(signal);
        if (!parsed.success) return;
        const { conversationId } = parsed.data;
        const now = Date.now();
        if (now - (lastSignal.get(conversationId) ?? -Infinity) < TYPING_THROTTLE_MS) return;
        lastSignal.set(conversationId, now);
        let recipient = recipients.get(conversationId);
        if (!recipient) {
          recipient = contactIn(deps.db, conversationId, session.userId);
          recipients.set(conversationId, recipient);
        }
        recipient
          .then((toUserId) =>
            toUserId
              ? publishTyping(deps.db, { conversationId, userId: session.userId, toUserId })
              : undefined,
          )
          .catch((error: unknown) => {
            recipients.delete(conversationId);
            deps.logger.warn({ err: error }, 'typing signal failed');
          });
      });
    },
    async stop() {
      await listener?.stop();
    },
  };
}
