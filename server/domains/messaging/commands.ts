import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import type { ConversationFlag } from '../../../shared/events/messaging';
import { mentionHandles } from '../../../shared/mentions';
import {
  MAX_CONVERSATIONS_PER_MEMBER,
  MAX_MESSAGES_PER_CONVERSATION,
  MESSAGE_REFUSALS,
  socialMessages,
  type Conversation,
} from '../../../shared/social';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, mapRead, streamVersionSql, value } from '../../core/reads';
import { compiledOnce, slot } from '../../db/compiled-once';
import { qb } from '../../db/statement';
import { blockedRefusal } from '../friends/commands';
import { queueLinkPreview } from '../link-previews/preview-queue';
import { messageMentionOutcome } from '../mentions/mention-outcome';
import {
  mentionEmailRead,
  messageMentionCandidates,
  type MentionEmailContext,
} from '../mentions/mention-reads';
import {
  blockedEitherWay,
  directMessagesAllowed,
  friendAllows,
  member,
  privacyAllowsMessages,
} from '../relations/relations-policy';
import {
  conversationIdFor,
  conversationStreamId,
  conversationStreamIdSql,
  isUuid,
} from './conversation-id';
import { conversationViewRead } from './messaging-read';

/** The mention email's context of a message that names nobody: never used. */
const NO_MENTION_EMAIL: MentionEmailContext = { template: null, authorName: null };

const conversationNotFound = () => notFound(socialMessages.conversationNotFound);

/** The refusal when the other member's privacy keeps out members who are not their friends. */
export const privateProfileRefusal = () =>
  forbidden('private-profile', MESSAGE_REFUSALS['private-profile']);

/** The refusal when the other member turned direct messages off on their profile card. */
export const directMessagesOffRefusal = () =>
  forbidden('direct-messages-off', MESSAGE_REFUSALS['direct-messages-off']);

/** A path id that is not a UUID names nothing; Postgres would refuse it as a uuid. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
const idOrNone = (id: string) => (isUuid(id) ? id : NO_ID);

/**
 * The caller's side of a conversation with what every command on it decides by, in one
 * statement: the stream version, the contact, and the rules a message must pass. Built and
 * compiled once (db/compiled-once.ts): every message, mark and flag reads it.
 */
const memberStateQuery = compiledOnce(
  [slot<string>('conversationId'), slot<string>('userId')],
  (_shape: 'member', conversationId: string, userId: string) =>
    qb
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select([
        'm.contact_id',
        'm.delivered_seq',
        'm.read_seq',
        'm.is_pinned',
        'm.is_starred',
        'm.is_archived',
        'c.message_count',
        streamVersionSql(conversationStreamIdSql(sql.ref('c.id'))).as('version'),
        sql<boolean>`${blockedEitherWay(member(userId), sql.ref('m.contact_id'))}`.as('blocked'),
        sql<boolean>`${friendAllows(sql.ref('m.contact_id'), member(userId), 'write')}`.as(
          'may_write',
        ),
        sql<boolean>`not ${privacyAllowsMessages(sql.ref('m.contact_id'), member(userId))}`.as(
          'private_profile',
        ),
        sql<boolean>`not ${directMessagesAllowed(sql.ref('m.contact_id'), member(userId))}`.as(
          'messages_off',
        ),
      ])
      .where('m.conversation_id', '=', conversationId)
      .where('m.user_id', '=', userId),
);

/** The caller's side of a conversation and the rules a message must pass; calls read it too. */
export function memberState(conversationId: string, userId: string) {
  return first(memberStateQuery('member', idOrNone(conversationId), userId));
}

/**
 * Starts the conversation between the caller and `participantId`, or finds the one they already
 * have. The id comes from the pair, so a start that loses a race to the same stream reads again
 * and meets the winner's conversation.
 */
export const startConversation = defineCommand({
  name: 'messaging.start',
  load: ({ userId, participantId }: { userId: string; participantId: string }) => {
    const conversationId = conversationIdFor(userId, participantId);
    return {
      existing: first(qb.selectFrom('conversations').select('id').where('id', '=', conversationId)),
      participant: first(qb.selectFrom('users').select('status').where('id', '=', participantId)),
      blocked: value(blockedEitherWay(member(userId), member(participantId))),
      privateProfile: value(
        sql<boolean>`not ${privacyAllowsMessages(member(participantId), member(userId))}`,
      ),
      messagesOff: value(
        sql<boolean>`not ${directMessagesAllowed(member(participantId), member(userId))}`,
      ),
    };
  },
  decide(state, { userId, participantId }) {
    if (participantId === userId) {
      throw invalid('conversation-to-self', MESSAGE_REFUSALS['conversation-to-self']);
    }
    const conversationId = conversationIdFor(userId, participantId);
    if (state.blocked) throw blockedRefusal();
    // A conversation they already have is only found again: it shows its history, and each
    // message is checked on its own.
    if (state.existing) return { result: { conversationId, created: false } };
    if (state.participant?.status !== 'active') throw notFound(MESSAGE_REFUSALS['not-found']);
    if (state.privateProfile) throw privateProfileRefusal();
    if (state.messagesOff) throw directMessagesOffRefusal();
    const members = [userId, participantId].sort();
    return {
      // Each member's count of conversations is checked under their lock, taken in id order.
      guards: [
        ...members.map((id) => lock(`conversations:${id}`)),
        refuseUnless(
          sql<boolean>`not exists (select 1 from conversation_members
            where user_id = any(${members}::uuid[])
            group by user_id having count(*) >= ${MAX_CONVERSATIONS_PER_MEMBER})`,
          conflict('conversation-limit', socialMessages.conversationLimit),
        ),
      ],
      appends: [
        appendTo(conversationStreamId(conversationId), 0, [
          {
            type: 'ConversationStarted',
            data: { conversationId, startedBy: userId, participantIds: members },
          },
        ]),
      ],
      result: { conversationId, created: true },
    };
  },
});

/**
 * Appends a message from the caller, with the participants it mentions. Reads once and writes
 * once: the answer's view of the conversation is read back in the write's round trip.
 */
export const sendMessage = defineCommand({
  name: 'messaging.send',
  load: ({
    userId,
    conversationId,
    content,
  }: {
    userId: string;
    conversationId: string;
    content: string;
    publicUrl: string;
  }) => ({
    state: memberState(conversationId, userId),
    // Sends are the hot path: a message that names nobody reads nothing for mentions, so it
    // costs one compiled statement as before and keeps its read-to-write window short.
    ...(mentionHandles(content).length > 0
      ? {
          mentionable: messageMentionCandidates({ conversationId, authorId: userId, content }),
          mentionEmail: mentionEmailRead(userId),
        }
      : {}),
  }),
  decide(
    { state, mentionable = [], mentionEmail = NO_MENTION_EMAIL },
    { userId, conversationId, content, publicUrl },
  ) {
    if (!state) throw conversationNotFound();
    if (state.blocked) throw blockedRefusal();
    if (state.private_profile) throw privateProfileRefusal();
    if (state.messages_off) throw directMessagesOffRefusal();
    if (!state.may_write) {
      throw forbidden('operation-not-permitted', MESSAGE_REFUSALS['operation-not-permitted']);
    }
    if (state.message_count >= MAX_MESSAGES_PER_CONVERSATION) {
      throw conflict('message-limit', socialMessages.messageLimit);
    }
    const messageId = randomUUID();
    const mentions = messageMentionOutcome({
      conversationId,
      messageId,
      authorId: userId,
      content,
      recipients: mentionable,
      email: mentionEmail,
      publicUrl,
    });
    return {
      appends: [
        appendTo(conversationStreamId(conversationId), state.version, [
          { type: 'MessageSent', data: { conversationId, messageId, senderId: userId, content } },
          ...mentions.events,
        ]),
      ],
      effects: [
        ...queueLinkPreview({ kind: 'message', id: messageId, authorId: userId }, content),
        ...mentions.effects,
      ],
      // The projection numbers the message the same way: the append holds the stream's version.
      reply: mapRead(conversationViewRead(conversationId, userId), (view) => ({
        view,
        messageId,
        seq: state.message_count + 1,
        mentions: mentions.mentions,
      })),
    };
  },
});

export type MarkKind = 'delivered' | 'read';

/** Raises the caller's delivered or read mark to `upToMessageId`; a mark never goes down. */
export const markUpTo = defineCommand({
  name: 'messaging.mark',
  load: (input: {
    userId: string;
    conversationId: string;
    upToMessageId: string;
    kind: MarkKind;
  }) => ({
    state: memberState(input.conversationId, input.userId),
    message: first(
      qb
        .selectFrom('messages')
        .select('seq')
        .where('id', '=', idOrNone(input.upToMessageId))
        .where('conversation_id', '=', idOrNone(input.conversationId)),
    ),
  }),
  decide({ state, message }, { userId, conversationId, upToMessageId, kind }) {
    if (!state) throw conversationNotFound();
    if (!message) throw notFound(socialMessages.messageNotFound);
    const reply = conversationViewRead(conversationId, userId);
    const current = kind === 'delivered' ? state.delivered_seq : state.read_seq;
    if (message.seq <= current) return { reply };
    const data = { conversationId, userId, upToMessageId };
    const event: NewEvent =
      kind === 'delivered' ? { type: 'MessagesDelivered', data } : { type: 'MessagesRead', data };
    return {
      appends: [appendTo(conversationStreamId(conversationId), state.version, [event])],
      reply,
    };
  },
});

type FlagField = 'isPinned' | 'isStarred' | 'isArchived';
export type FlagsUpdate = Partial<Pick<Conversation, FlagField>>;

const FLAGS: {
  field: FlagField;
  flag: ConversationFlag;
  column: 'is_pinned' | 'is_starred' | 'is_archived';
}[] = [
  { field: 'isPinned', flag: 'pinned', column: 'is_pinned' },
  { field: 'isStarred', flag: 'starred', column: 'is_starred' },
  { field: 'isArchived', flag: 'archived', column: 'is_archived' },
];

/** Sets the caller's own flags; one event per flag that changes, none when nothing does. */
export const setConversationFlags = defineCommand({
  name: 'messaging.setFlags',
  load: ({
    userId,
    conversationId,
  }: {
    userId: string;
    conversationId: string;
    update: FlagsUpdate;
  }) => ({
    state: memberState(conversationId, userId),
  }),
  decide({ state }, { userId, conversationId, update }) {
    if (!state) throw conversationNotFound();
    const events: NewEvent[] = FLAGS.flatMap(({ field, flag, column }) => {
      const value = update[field];
      if (value === undefined || value === state[column]) return [];
      return [
        { type: 'ConversationFlagSet' as const, data: { conversationId, userId, flag, value } },
      ];
    });
    return {
      appends: [appendTo(conversationStreamId(conversationId), state.version, events)],
      reply: conversationViewRead(conversationId, userId),
    };
  },
});
