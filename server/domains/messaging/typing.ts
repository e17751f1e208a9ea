import { SOCKET_EVENTS, type TypingPayload } from '../../../shared/realtime';
import { typingSignalSchema } from '../../../shared/social';
import { TokenBucket, type BucketRule } from '../../core/token-bucket';
import type { Db } from '../../db/schema';
import { ListenConnection } from '../../realtime/listen-connection';
import { messagesRoom } from '../../realtime/pusher';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { parseTypingNotice, publishTyping, TYPING_CHANNEL } from './typing-channel';

/** A socket passes on at most one typing signal per conversation in this time. */
export const TYPING_THROTTLE_MS = 1000;

/**
 * Per socket, whatever the conversation: a composer signals every two seconds at most, so eight
 * at once and one a second leaves room for a member typing in several. Beyond it signals are
 * dropped before they cost a look-up or a NOTIFY.
 */
export const TYPING_SIGNAL_RATE: BucketRule = { burst: 8, perSecond: 1 };

/** Conversations a socket keeps its last signal and contact for; the least recent goes first. */
export const TYPING_CONVERSATIONS_KEPT = 20;

/** Sets `key` as the most recent entry, forgetting the least recent beyond the bound. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > TYPING_CONVERSATIONS_KEPT) map.delete(map.keys().next().value!);
}

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
    tokenScope: 'messages',
    async start(io) {
      listener = new ListenConnection({
        connectionString: deps.connectionString,
        channels: [TYPING_CHANNEL],
        logger: deps.logger,
        onNotification: (raw) => {
          const notice = parseTypingNotice(raw);
          if (!notice) return;
          const { conversationId, userId, toUserId } = notice;
          const room = messagesRoom(toUserId);
          if (!io.sockets.adapter.rooms.get(room)?.size) return;
          const payload: TypingPayload = { conversationId, userId };
          io.local.to(room).emit(SOCKET_EVENTS.typing, payload);
        },
      });
      await listener.start();
    },
    attach(socket, session) {
      const signals = new TokenBucket(TYPING_SIGNAL_RATE);
      const lastSignal = new Map<string, number>();
      // Membership never changes, so one look-up per conversation serves while it is kept.
      const recipients = new Map<string, Promise<string | null>>();
      socket.on('disconnect', () => {
        lastSignal.clear();
        recipients.clear();
      });
      socket.on(SOCKET_EVENTS.typing, (signal: unknown) => {
        if (!signals.take()) return;
        const parsed = typingSignalSchema.safeParse(signal);
        if (!parsed.success) return;
        const { conversationId } = parsed.data;
        const now = Date.now();
        if (now - (lastSignal.get(conversationId) ?? -Infinity) < TYPING_THROTTLE_MS) return;
        keep(lastSignal, conversationId, now);
        let recipient = recipients.get(conversationId);
        if (!recipient) {
          recipient = contactIn(deps.db, conversationId, session.userId);
          keep(recipients, conversationId, recipient);
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
