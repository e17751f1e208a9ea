import type { Conversation } from '../../../shared/social';
import type { AppThunk } from '../../state/store';
import { selectSignedInUserId } from '../auth';
import { messagingEndpoints } from './messagingEndpoints';
import { isViewing } from './viewing';

/** Acknowledgements already sent, so a refetch or a repeated push does not post them again. */
const acknowledged = new Set<string>();

/** Tells the server this client received the conversation's messages up to this one. */
export const deliveryAcknowledged =
  (conversationId: string, upToMessageId: string): AppThunk =>
  (dispatch) => {
    const key = `${conversationId}:${upToMessageId}`;
    if (acknowledged.has(key)) return;
    acknowledged.add(key);
    dispatch(messagingEndpoints.endpoints.markDelivered.initiate({ conversationId, upToMessageId }))
      .unwrap()
      .catch((failure: unknown) => {
        acknowledged.delete(key);
        console.error('Could not acknowledge delivery', failure);
      });
  };

/**
 * After the list loads: conversations with unread messages from the contact, which this client
 * has now received. The open, visible one is marked read by its thread instead.
 */
export const unreadAcknowledged =
  (conversations: readonly Conversation[]): AppThunk =>
  (dispatch, getState) => {
    const viewerId = selectSignedInUserId(getState());
    for (const conversation of conversations) {
      const { id, unreadCount, lastMessageId, lastMessageSenderId } = conversation;
      if (unreadCount === 0 || !lastMessageId || lastMessageSenderId === viewerId) continue;
      if (!isViewing(id)) dispatch(deliveryAcknowledged(id, lastMessageId));
    }
  };
