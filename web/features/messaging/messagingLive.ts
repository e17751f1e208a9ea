import {
  conversationUpdatedPayloadSchema,
  messageNewPayloadSchema,
  messagePreviewPayloadSchema,
  SOCKET_EVENTS,
  typingPayloadSchema,
} from '../../../shared/realtime';
import { selectSignedInUserId } from '../auth';
import type { LiveFeature } from '../connection';
import { deliveryAcknowledged } from './delivery';
import { messagingApi } from './messagingApi';
import { messagingEndpoints } from './messagingEndpoints';
import { applyLinkPreview } from './threadCache';
import { conversationReceived, messageReceived } from './messagingCache';
import { typingEnded, typingSignalled } from './typingStore';
import { isViewing } from './viewing';

export const messagingLive: LiveFeature = {
  name: 'messaging',
  handlers: {
    [SOCKET_EVENTS.messageNew]: (payload, dispatch, getState) => {
      const parsed = messageNewPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { message, conversation } = parsed.data;
      dispatch(messageReceived(parsed.data));
      typingEnded(conversation.id, message.senderId);
      if (message.senderId === selectSignedInUserId(getState())) return;
      // While the thread is on screen its read mark follows instead (useReadMarking).
      if (!isViewing(conversation.id)) dispatch(deliveryAcknowledged(conversation.id, message.id));
    },
    [SOCKET_EVENTS.messagePreview]: (payload, dispatch) => {
      const parsed = messagePreviewPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(
        messagingEndpoints.util.updateQueryData(
          'getMessages',
          parsed.data.conversationId,
          (thread) => applyLinkPreview(thread, parsed.data),
        ),
      );
    },
    [SOCKET_EVENTS.conversationUpdated]: (payload, dispatch) => {
      const parsed = conversationUpdatedPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(conversationReceived(parsed.data.conversation));
    },
    [SOCKET_EVENTS.typing]: (payload, _dispatch, getState) => {
      const parsed = typingPayloadSchema.safeParse(payload);
      if (parsed.success && parsed.data.userId !== selectSignedInUserId(getState())) {
        typingSignalled(parsed.data);
      }
    },
  },
  resync(dispatch) {
    dispatch(messagingApi.util.invalidateTags(['Conversations', 'Messages']));
    // Messages that arrived while this client was away are received now, on whatever page it is:
    // loading the list acknowledges them (see getConversations), even with no list on screen.
    void dispatch(
      messagingApi.endpoints.getConversations.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
  },
};
