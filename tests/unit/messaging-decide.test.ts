import { profileMessages } from '../../shared/profiles';
import { MAX_MESSAGES_PER_CONVERSATION, socialMessages } from '../../shared/social';
import {
  markUpTo,
  sendMessage,
  setConversationFlags,
  startConversation,
} from '../../server/domains/messaging/commands';
import { conversationIdFor } from '../../server/domains/messaging/conversation-id';
import { ANA, BEN, by, decide, refusal, refusedAs, type StateOf } from './support/decide';

/** The one conversation of Ana and Ben: its id comes from the pair. */
const CONVERSATION = conversationIdFor(ANA, BEN);
const STREAM = `conversation-${CONVERSATION}`;

const conversationNotFound = refusedAs.notFound(socialMessages.conversationNotFound);
const blocked = refusedAs.forbidden('blocked', socialMessages.blocked);

/** Ana's side of her conversation with Ben, as every conversation command reads it. */
type MemberState = NonNullable<StateOf<typeof sendMessage>['state']>;
const anaSide = (over: Partial<MemberState> = {}): MemberState => ({
  contact_id: BEN,
  delivered_seq: 2,
  read_seq: 1,
  is_pinned: false,
  is_starred: false,
  is_archived: false,
  message_count: 4,
  version: 7,
  blocked: false,
  may_write: true,
  private_profile: false,
  messages_off: false,
  ...over,
});

const URL = 'https://agora.test';

/** What sending reads: Ana's side, and whom the text may name (nobody unless given). */
const sending = (
  state: MemberState | undefined,
  over: Partial<StateOf<typeof sendMessage>> = {},
): StateOf<typeof sendMessage> => ({
  state,
  mentionable: [],
  mentionEmail: { template: null, authorName: 'Ana' },
  ...over,
});

describe('starting a conversation', () => {
  const nothingYet = (
    over: Partial<StateOf<typeof startConversation>> = {},
  ): StateOf<typeof startConversation> => ({
    existing: undefined,
    participant: { status: 'active' },
    blocked: false,
    privateProfile: false,
    messagesOff: false,
    ...over,
  });

  it('refuses a conversation with oneself', async () => {
    const refused = await refusal(startConversation, nothingYet(), {
      userId: ANA,
      participantId: ANA,
    });
    expect(refused).toEqual(
      refusedAs.invalid('conversation-to-self', socialMessages.conversationToSelf),
    );
  });

  it('refuses across a block, even a conversation that exists', async () => {
    const refused = await refusal(
      startConversation,
      nothingYet({ blocked: true, existing: { id: CONVERSATION } }),
      { userId: ANA, participantId: BEN },
    );
    expect(refused).toEqual(blocked);
  });

  it('answers the conversation the pair already has, appending nothing', async () => {
    const decision = await decide(
      startConversation,
      nothingYet({ existing: { id: CONVERSATION } }),
      { userId: BEN, participantId: ANA },
    );
    expect(decision).toMatchObject({
      appends: [],
      guards: 0,
      result: { conversationId: CONVERSATION, created: false },
    });
  });

  it('refuses an unknown or disabled member as not found', async () => {
    for (const participant of [undefined, { status: 'disabled' as const }]) {
      const refused = await refusal(startConversation, nothingYet({ participant }), {
        userId: ANA,
        participantId: BEN,
      });
      expect(refused).toEqual(refusedAs.notFound(socialMessages.userNotFound));
    }
  });

  it('starts the stream with ConversationStarted, under both members’ conversation limits', async () => {
    const decision = await decide(
      startConversation,
      nothingYet(),
      { userId: BEN, participantId: ANA },
      by(BEN),
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: STREAM, expectedVersion: 0, types: ['ConversationStarted'] }],
      // Each member's lock, in id order, then the limit checked under them.
      guards: 3,
      result: { conversationId: CONVERSATION, created: true },
    });
    expect(decision.events).toEqual([
      {
        type: 'ConversationStarted',
        data: { conversationId: CONVERSATION, startedBy: BEN, participantIds: [ANA, BEN] },
      },
    ]);
  });
});

describe('sending a message', () => {
  const when = {
    userId: ANA,
    conversationId: CONVERSATION,
    content: 'Hello there',
    publicUrl: URL,
  };

  it('answers not found to anyone outside the conversation', async () => {
    expect(await refusal(sendMessage, sending(undefined), when)).toEqual(conversationNotFound);
  });

  it('refuses across a block', async () => {
    expect(await refusal(sendMessage, sending(anaSide({ blocked: true })), when)).toEqual(blocked);
  });

  it('refuses a friend whose write permission the other took away', async () => {
    const refused = await refusal(sendMessage, sending(anaSide({ may_write: false })), when);
    expect(refused).toEqual(
      refusedAs.forbidden('operation-not-permitted', socialMessages.operationNotPermitted('write')),
    );
  });

  it('refuses a message beyond the limit of the conversation', async () => {
    const full = anaSide({ message_count: MAX_MESSAGES_PER_CONVERSATION });
    expect(await refusal(sendMessage, sending(full), when)).toEqual(
      refusedAs.conflict('message-limit', socialMessages.messageLimit),
    );
  });

  it('appends MessageSent at the version read and reads the view back in the write', async () => {
    const decision = await decide(sendMessage, sending(anaSide()), when, by(ANA));
    expect(decision).toMatchObject({
      appends: [{ streamId: STREAM, expectedVersion: 7, types: ['MessageSent'] }],
      guards: 0,
      effects: 0,
      reply: true,
    });
    expect(decision.events).toEqual([
      {
        type: 'MessageSent',
        data: {
          conversationId: CONVERSATION,
          messageId: expect.any(String),
          senderId: ANA,
          content: 'Hello there',
        },
      },
    ]);
  });

  /** Ben, Ana's contact, whom her message may name: `maySee` false when either blocked the other. */
  const ben = (maySee: boolean) => ({
    memberId: BEN,
    handle: 'ben',
    username: 'Ben',
    maySee,
    email: null,
  });

  it('names the contact it mentions and tells them with the message, on the same stream', async () => {
    const decision = await decide(
      sendMessage,
      sending(anaSide(), { mentionable: [ben(true)] }),
      { ...when, content: 'Hi @BEN and @nobody' },
      by(ANA),
    );
    expect(decision.appends).toEqual([
      { streamId: STREAM, expectedVersion: 7, types: ['MessageSent', 'MessageMentionsSet'] },
    ]);
    const messageId = (decision.events[0]!.data as { messageId: string }).messageId;
    expect(decision.events[1]).toEqual({
      type: 'MessageMentionsSet',
      data: {
        conversationId: CONVERSATION,
        messageId,
        authorId: ANA,
        mentions: [{ memberId: BEN, handle: 'ben', notified: true }],
        notify: [BEN],
      },
    });
  });

  it('names but does not tell a contact who may not be told, and never the author', async () => {
    const decision = await decide(
      sendMessage,
      sending(anaSide(), {
        mentionable: [ben(false), { ...ben(true), memberId: ANA, handle: 'ana', username: 'Ana' }],
      }),
      { ...when, content: '@ben @ana' },
      by(ANA),
    );
    expect(decision.events[1]).toMatchObject({
      type: 'MessageMentionsSet',
      data: {
        mentions: [
          { memberId: BEN, notified: false },
          { memberId: ANA, notified: false },
        ],
        notify: [],
      },
    });
  });

  it('appends no mentions for a text that names no participant', async () => {
    const decision = await decide(
      sendMessage,
      sending(anaSide()),
      { ...when, content: 'Hi @someone_else' },
      by(ANA),
    );
    expect(decision.appends[0]!.types).toEqual(['MessageSent']);
  });
});

describe('delivery and read marks', () => {
  const mark = (kind: 'delivered' | 'read') => ({
    userId: ANA,
    conversationId: CONVERSATION,
    upToMessageId: 'message-3',
    kind,
  });

  it('answers not found for a conversation, then a message, the member cannot see', async () => {
    expect(
      await refusal(markUpTo, { state: undefined, message: { seq: 3 } }, mark('read')),
    ).toEqual(conversationNotFound);
    expect(await refusal(markUpTo, { state: anaSide(), message: undefined }, mark('read'))).toEqual(
      refusedAs.notFound(socialMessages.messageNotFound),
    );
  });

  it('never lowers a mark: a message at or below it appends nothing and answers the view', async () => {
    for (const [kind, seq] of [
      ['delivered', 2],
      ['delivered', 1],
      ['read', 1],
    ] as const) {
      const decision = await decide(markUpTo, { state: anaSide(), message: { seq } }, mark(kind));
      expect(decision).toMatchObject({ appends: [], reply: true });
    }
  });

  it('raises the delivered and the read mark with their own events', async () => {
    for (const [kind, type] of [
      ['delivered', 'MessagesDelivered'],
      ['read', 'MessagesRead'],
    ] as const) {
      const decision = await decide(
        markUpTo,
        { state: anaSide(), message: { seq: 3 } },
        mark(kind),
      );
      expect(decision.appends).toEqual([{ streamId: STREAM, expectedVersion: 7, types: [type] }]);
      expect(decision.events).toEqual([
        { type, data: { conversationId: CONVERSATION, userId: ANA, upToMessageId: 'message-3' } },
      ]);
    }
  });
});

describe("a member's flags", () => {
  it('answers not found to anyone outside the conversation', async () => {
    const refused = await refusal(
      setConversationFlags,
      { state: undefined },
      { userId: ANA, conversationId: CONVERSATION, update: { isPinned: true } },
    );
    expect(refused).toEqual(conversationNotFound);
  });

  it('appends nothing when no flag changes', async () => {
    const decision = await decide(
      setConversationFlags,
      { state: anaSide({ is_pinned: true }) },
      { userId: ANA, conversationId: CONVERSATION, update: { isPinned: true, isArchived: false } },
    );
    expect(decision).toMatchObject({ appends: [], reply: true });
  });

  it('appends one ConversationFlagSet per flag that changes', async () => {
    const decision = await decide(
      setConversationFlags,
      { state: anaSide({ is_starred: true }) },
      {
        userId: ANA,
        conversationId: CONVERSATION,
        update: { isPinned: true, isStarred: true, isArchived: true },
      },
    );
    expect(decision.appends).toEqual([
      {
        streamId: STREAM,
        expectedVersion: 7,
        types: ['ConversationFlagSet', 'ConversationFlagSet'],
      },
    ]);
    const flag = (name: string) => ({
      type: 'ConversationFlagSet',
      data: { conversationId: CONVERSATION, userId: ANA, flag: name, value: true },
    });
    expect(decision.events).toEqual([flag('pinned'), flag('archived')]);
  });
});

describe('a member who turned direct messages off', () => {
  const messagesOff = refusedAs.forbidden('direct-messages-off', profileMessages.directMessagesOff);

  it('is not written to in a new conversation', async () => {
    const refused = await refusal(
      startConversation,
      {
        existing: undefined,
        participant: { status: 'active' },
        blocked: false,
        privateProfile: false,
        messagesOff: true,
      },
      { userId: ANA, participantId: BEN },
    );
    expect(refused).toEqual(messagesOff);
  });

  it('is not sent a message in a conversation they had', async () => {
    const refused = await refusal(sendMessage, sending(anaSide({ messages_off: true })), {
      userId: ANA,
      conversationId: CONVERSATION,
      content: 'Hello',
      publicUrl: URL,
    });
    expect(refused).toEqual(messagesOff);
  });
});
