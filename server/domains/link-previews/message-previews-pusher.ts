import { SOCKET_EVENTS, type MessagePreviewPayload } from '../../../shared/realtime';
import { isHere, messagesRoom, type Pusher } from '../../realtime/pusher';
import { presentLinkPreview } from './link-preview-presenter';

/**
 * Pushes a message's card, or its removal, to both participants with sockets here, read after
 * commit: the card as the row now holds it with the preview's version, so a late push of an
 * older card never replaces a newer one. Posts' and comments' cards go out with the post or
 * comment itself (posts pusher), to the watchers the relations policy lets see it.
 */
export const messagePreviewsPusher: Pusher = {
  name: 'message-previews',
  async push(events, io, db) {
    const messageIds = new Set<string>();
    for (const event of events) {
      if (event.type !== 'LinkPreviewAttached' && event.type !== 'LinkPreviewRemoved') continue;
      if (event.data.targetKind === 'message') messageIds.add(event.data.targetId);
    }
    if (messageIds.size === 0) return;
    const rows = await db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'm.link_preview', 'c.participant_ids'])
      .where('m.id', 'in', [...messageIds])
      .execute();
    for (const row of rows) {
      if (!row.link_preview) continue;
      const payload: MessagePreviewPayload = {
        conversationId: row.conversation_id,
        messageId: row.id,
        linkPreview: presentLinkPreview(row.link_preview),
        version: row.link_preview.version,
      };
      for (const userId of row.participant_ids) {
        if (isHere(io, userId)) {
          io.local.to(messagesRoom(userId)).emit(SOCKET_EVENTS.messagePreview, payload);
        }
      }
    }
  },
};
