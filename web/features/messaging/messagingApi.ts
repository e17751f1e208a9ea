import { unreadAcknowledged } from './delivery';
import { conversationReceived, messageReceived } from './messagingCache';
import { messagingEndpoints } from './messagingEndpoints';

/**
 * The messaging endpoints with what each response changes elsewhere in the cache. Components use
 * these hooks; the enhancement runs when this module loads, before any of them can be called.
 */
export const messagingApi = messagingEndpoints.enhanceEndpoints({
  endpoints: {
    getConversations: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Messages that arrived while this client was away have now reached it.
          dispatch(unreadAcknowledged(data));
        } catch {
          // The list shows its own error panel.
        }
      },
    },
    startConversation: {
      async onQueryStarted(_participantId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(conversationReceived(data));
      },
    },
    sendMessage: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messageReceived(data));
      },
    },
    markRead: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(conversationReceived(data));
      },
    },
    updateConversationFlags: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(conversationReceived(data));
      },
    },
  },
});

export const {
  useGetConversationsQuery,
  useStartConversationMutation,
  useGetMessagesInfiniteQuery,
  useSendMessageMutation,
  useMarkReadMutation,
  useUpdateConversationFlagsMutation,
  useAddFriendByEmailMutation,
} = messagingApi;
