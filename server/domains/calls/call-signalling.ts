import { callJoinSchema, callSignalSchema } from '../../../shared/calls';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { ModuleDeps } from '../../core/module';
import { TokenBucket, type BucketRule } from '../../core/token-bucket';
import { ListenConnection } from '../../realtime/listen-connection';
import { messagesRoom } from '../../realtime/pusher';
import type { SocketFeature } from '../../realtime/socket-feature';
import { readCallParties } from './call-read';
import { CALL_SIGNAL_CHANNEL, publishSignal, SignalAssembler } from './call-signal-channel';
import { hangUpCall } from './commands';

/**
 * Per socket: connecting gathers a burst of ICE candidates (a few per network interface and
 * media line), then a call sends next to nothing. Beyond it signals are dropped unread.
 */
const CALL_SIGNAL_RATE: BucketRule = { burst: 80, perSecond: 20 };

/**
 * WebRTC signalling: a socket sends an offer, an answer or an ICE candidate for a call it is a
 * party to, and the other party's sockets on every process get it through Postgres NOTIFY (as
 * typing signals do). Nothing is stored. A socket that holds a call (`call:join`) hangs it up
 * when it goes away, so a closed tab does not leave both members busy.
 */
export function createCallSignalling({ db, connectionString, logger, commands }: ModuleDeps) {
  let listener: ListenConnection | null = null;
  const assembler = new SignalAssembler();

  /** The other party of an open call the member is in; null for anything else. */
  async function otherParty(callId: string, userId: string): Promise<string | null> {
    const parties = await readCallParties(db, callId);
    if (!parties?.open) return null;
    if (parties.callerId === userId) return parties.calleeId;
    return parties.calleeId === userId ? parties.callerId : null;
  }

  const feature: SocketFeature = {
    name: 'call-signals',
    tokenScope: 'messages',
    async start(io) {
      listener = new ListenConnection({
        connectionString,
        channels: [CALL_SIGNAL_CHANNEL],
        logger,
        onNotification: (raw) => {
          const notice = assembler.accept(raw);
          if (!notice) return;
          const room = messagesRoom(notice.toUserId);
          if (!io.sockets.adapter.rooms.get(room)?.size) return;
          const { callId, fromUserId, signal } = notice;
          io.local.to(room).emit(SOCKET_EVENTS.callSignal, { callId, fromUserId, signal });
        },
      });
      await listener.start();
    },
    attach(socket, session) {
      const { userId } = session;
      const signals = new TokenBucket(CALL_SIGNAL_RATE);
      const held = new Set<string>();
      const warn = (message: string) => (err: unknown) => logger.warn({ err }, message);

      socket.on(SOCKET_EVENTS.callJoin, (raw: unknown) => {
        if (!signals.take()) return;
        const parsed = callJoinSchema.safeParse(raw);
        if (!parsed.success) return;
        const { callId } = parsed.data;
        otherParty(callId, userId)
          .then((other) => {
            if (other) held.add(callId);
          })
          .catch(warn('call join failed'));
      });

      socket.on(SOCKET_EVENTS.callSignal, (raw: unknown) => {
        if (!signals.take()) return;
        const parsed = callSignalSchema.safeParse(raw);
        if (!parsed.success) return;
        const { callId, signal } = parsed.data;
        otherParty(callId, userId)
          .then((toUserId) =>
            toUserId
              ? publishSignal(db, { callId, fromUserId: userId, toUserId, signal })
              : undefined,
          )
          .catch(warn('call signal failed'));
      });

      socket.on('disconnect', () => {
        for (const callId of held) {
          commands
            .run(hangUpCall, { userId, callId, now: new Date() }, { actorId: userId })
            .catch(warn('hanging up after a disconnect failed'));
        }
        held.clear();
      });
    },
    async stop() {
      await listener?.stop();
    },
  };
  return feature;
}
