import type { Conversation } from '../../../shared/social';
import type { MessageNewPayload } from '../../../shared/realtime';
import type { AppThunk, RootState } from '../../state/store';
import { selectSignedInUserId } from '../auth';
import { upsertConversation } from './conversationList';
import { messagingEndpoints } from './messagingEndpoints';
import { appendMessage, applyTicks } from './threadCache';

/** The newest view of a conversation this client holds, if the list is loaded. */
function cachedConversation(state: RootState, id: string): Conversation | undefined {
  const list = messagingEndpoints.endpoints.getConversations.select()(state).data;
  return list?.find((conversation) => conversation.id === id);
}

/**
 * Brings the cached thread's ticks up to the newest view of its conversation. The newest one, not
 * the one just received: a response can arrive after a push that already carried later marks.
 */
const ticksRefreshed =
  (conversationId: string): AppThunk =>
  (dispatch, getState) => {
    const viewerId = selectSignedInUserId(getState());
    const conversation = cachedConversation(getState(), conversationId);
    if (!viewerId || !conversation) return;
    dispatch(
      messagingEndpoints.util.updateQueryData('getMessages', conversationId, (thread) =>
        applyTicks(thread, conversation, viewerId),
      ),
    );
  };

/** A member's view of a conversation from a response or a push; older versions are ignored. */
export const conversationReceived =
  (conversation: Conversation): AppThunk =>
  (dispatch) => {
    dispatch(
      messagingEndpoints.util.updateQueryData('getConversations', undefined, (list) =>
        upsertConversation(list, conversation),
      ),
    );
    dispatch(ticksRefreshed(conversation.id));
  };

/** A new message, from the send response or its push; whichever comes second changes nothing. */
export const messageReceived =
  ({ message, conversation }: MessageNewPayload): AppThunk =>
  (dispatch) => {
    dispatch(
      messagingEndpoints.util.updateQueryData('getConversations', undefined, (list) =>
        upsertConversation(list, conversation),
      ),
    );
    dispatch(
      messagingEndpoints.util.updateQueryData('getMessages', conversation.id, (thread) =>
        appendMessage(thread, message),
      ),
    );
    dispatch(ticksRefreshed(conversation.id));
  };
