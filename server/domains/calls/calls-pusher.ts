import { callEvents } from '../../../shared/events/calls';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { StoredEvent } from '../../eventstore/stored-event';
import { isHere, messagesRoom, type Pusher } from '../../realtime/pusher';
import { presentMessage, viewerOf } from '../messaging/messaging-presenter';
import { readMessagesByIds, readViewsOf, viewKey } from '../messaging/messaging-read';
import { readCallsByIds } from './call-read';

type CallEvent = Extract<StoredEvent, { type: keyof typeof callEvents }>;

const isCallEvent = (event: StoredEvent): event is CallEvent =>
  Object.hasOwn(callEvents, event.type);

const endsCall = (event: CallEvent) =>
  event.type !== 'CallStarted' && event.type !== 'CallAnswered';

/**
 * After commit, tells both parties' sockets in this process the call's state (`call:updated`,
 * which rings the callee's devices and stops them), and once a call is over gives each its entry
 * in the thread as a new message (`message:new`), with their view of the conversation.
 */
export function createCallsPusher(): Pusher {
  return {
    name: 'calls',
    async push(events, io, db) {
      const relevant = events.filter(isCallEvent);
      if (relevant.length === 0) return;
      const calls = await readCallsByIds(db, [
        ...new Set(relevant.map((event) => event.data.callId)),
      ]);
      const partiesHere = (callId: string) => {
        const call = calls.get(callId);
        return call ? [call.caller.id, call.callee.id].filter((id) => isHere(io, id)) : [];
      };
      const targets = relevant
        .filter(endsCall)
        .flatMap(({ data: { callId, conversationId } }) =>
          partiesHere(callId).map((userId) => ({ conversationId, userId, callId })),
        );
      const [views, messages] = await Promise.all([
        readViewsOf(db, targets),
        readMessagesByIds(
          db,
          targets.map((target) => target.callId),
        ),
      ]);
      for (const call of calls.values()) {
        for (const userId of partiesHere(call.id)) {
          io.local.to(messagesRoom(userId)).emit(SOCKET_EVENTS.callUpdated, { call });
        }
      }
      for (const { conversationId, userId, callId } of targets) {
        const view = views.get(viewKey(conversationId, userId));
        const message = messages.get(callId);
        if (!view || !message) continue;
        io.local.to(messagesRoom(userId)).emit(SOCKET_EVENTS.messageNew, {
          message: presentMessage(message, viewerOf(view.row)),
          conversation: view.conversation,
        });
      }
    },
  };
}
