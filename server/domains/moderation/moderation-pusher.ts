import { MODERATION_SOCKET_EVENTS } from '../../../shared/moderation';
import { MODERATION_ROOM, userRoom, type Pusher } from '../../realtime/pusher';
import { readAuditEntries, readItems } from './moderation-read';

/**
 * After commit, the moderation room (moderators' and owners' sockets) gets every queue item a
 * report or an action changed, whole and versioned, and every new audit entry; a suspended
 * member's sockets close; an appointed or dismissed moderator's open sockets join or leave the
 * room.
 */
export const moderationPusher: Pusher = {
  name: 'moderation',
  async push(events, io, db) {
    const items = new Set<string>();
    const audits: string[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'ContentReported':
          items.add(event.data.targetId);
          break;
        case 'ContentModerated':
          items.add(event.data.targetId);
          audits.push(`${event.streamId}@${event.streamVersion}`);
          break;
        case 'MemberWarned':
        case 'MemberSuspended':
          if (event.data.targetType !== 'member') items.add(event.data.targetId);
          audits.push(`${event.streamId}@${event.streamVersion}`);
          if (event.type === 'MemberSuspended') {
            io.local.in(userRoom(event.data.userId)).disconnectSockets(true);
          }
          break;
        case 'MemberReinstated':
          audits.push(`${event.streamId}@${event.streamVersion}`);
          break;
        case 'ModeratorAppointed':
          io.local.in(userRoom(event.data.userId)).socketsJoin(MODERATION_ROOM);
          break;
        case 'ModeratorDismissed':
          io.local.in(userRoom(event.data.userId)).socketsLeave(MODERATION_ROOM);
          break;
        default:
          break;
      }
    }
    // Nobody moderating on this process: nothing to read.
    if ((io.sockets.adapter.rooms.get(MODERATION_ROOM)?.size ?? 0) === 0) return;
    const room = io.local.to(MODERATION_ROOM);
    const [itemRows, entries] = await Promise.all([
      readItems(db, [...items]),
      readAuditEntries(db, audits),
    ]);
    for (const item of itemRows) room.emit(MODERATION_SOCKET_EVENTS.item, { item });
    for (const entry of entries) room.emit(MODERATION_SOCKET_EVENTS.audit, { entry });
  },
};
