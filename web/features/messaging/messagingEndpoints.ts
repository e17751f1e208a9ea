import { z } from 'zod';
import {
  conversationSchema,
  messagesPageSchema,
  personSchema,
  type Conversation,
  type MessagesPage,
  type Person,
} from '../../../shared/social';
import { messageNewPayloadSchema, type MessageNewPayload } from '../../../shared/realtime';
import { api } from '../../state/api';
import { mergeSnapshot } from './conversationList';
import { olderPageParam } from './threadCache';

const conversationsSchema = z.array(conversationSchema);
const peopleSchema = z.array(personSchema);

export interface MarkUpTo {
  conversationId: string;
  upToMessageId: string;
}

export type ConversationFlags = Partial<
  Pick<Conversation, 'isPinned' | 'isStarred' | 'isArchived'>
>;

/** What the Add Friend dialog achieved: a request sent, or no member with that address. */
export type AddFriendOutcome = { status: 'sent'; person: Person } | { status: 'not-found' };

/**
 * The messaging requests and responses. What a response changes in other cached views is added by
 * `messagingApi`, so the cache updates (which need these endpoints) and the endpoints do not import
 * each other.
 */
export const messagingEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<Conversation[], void>({
      query: () => 'conversations',
      transformResponse: (raw: unknown) => conversationsSchema.parse(raw),
      // A refetch racing a push or a start must not drop what they added (see mergeSnapshot).
      merge: (cached, snapshot) => mergeSnapshot(cached, snapshot),
      providesTags: ['Conversations'],
    }),
    startConversation: build.mutation<Conversation, string>({
      query: (participantId) => ({ url: 'conversations', method: 'POST', body: { participantId } }),
      transformResponse: (raw: unknown) => conversationSchema.parse(raw),
    }),
    getMessages: build.infiniteQuery<MessagesPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => olderPageParam(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `conversations/${queryArg}/messages`,
        params: pageParam ? { before: pageParam } : undefined,
      }),
      transformResponse: (raw: unknown) => messagesPageSchema.parse(raw),
      providesTags: (_result, _error, conversationId) => [{ type: 'Messages', id: conversationId }],
    }),
    sendMessage: build.mutation<MessageNewPayload, { conversationId: string; content: string }>({
      query: ({ conversationId, content }) => ({
        url: `conversations/${conversationId}/messages`,
        method: 'POST',
        body: { content },
      }),
      transformResponse: (raw: unknown) => messageNewPayloadSchema.parse(raw),
    }),
    markDelivered: build.mutation<void, MarkUpTo>({
      query: ({ conversationId, upToMessageId }) => ({
        url: `conversations/${conversationId}/delivered`,
        method: 'POST',
        body: { upToMessageId },
      }),
    }),
    markRead: build.mutation<Conversation, MarkUpTo>({
      query: ({ conversationId, upToMessageId }) => ({
        url: `conversations/${conversationId}/read`,
        method: 'POST',
        body: { upToMessageId },
      }),
      transformResponse: (raw: unknown) => conversationSchema.parse(raw),
    }),
    updateConversationFlags: build.mutation<
      Conversation,
      { conversationId: string; flags: ConversationFlags }
    >({
      query: ({ conversationId, flags }) => ({
        url: `conversations/${conversationId}`,
        method: 'PATCH',
        body: flags,
      }),
      transformResponse: (raw: unknown) => conversationSchema.parse(raw),
    }),
    /** Looks the address up (exact, case-insensitive) and sends that member a friend request. */
    addFriendByEmail: build.mutation<AddFriendOutcome, string>({
      async queryFn(email, _api, _extraOptions, baseQuery) {
        const found = await baseQuery({ url: 'users', params: { email } });
        if (found.error) return { error: found.error };
        const people = peopleSchema.safeParse(found.data);
        if (!people.success) {
          return { error: { status: 'CUSTOM_ERROR', error: 'Unexpected answer from the server' } };
        }
        const person = people.data[0];
        if (!person) return { data: { status: 'not-found' } };
        const sent = await baseQuery({
          url: 'friends/requests',
          method: 'POST',
          body: { toUserId: person.id },
        });
        if (sent.error) return { error: sent.error };
        return { data: { status: 'sent', person } };
      },
      invalidatesTags: (result) => (result?.status === 'sent' ? ['FriendRequests'] : []),
    }),
  }),
});
