import { createNextState } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { TYPING_TTL_MS, type Conversation, type Message } from '../../../shared/social';
import { isSendKey } from '../../../web/lib/composerKeys';
import {
  compareConversations,
  inTab,
  matchesSearch,
  mergeSnapshot,
  upsertConversation,
  visibleConversations,
  type ConversationTab,
} from '../../../web/features/messaging/conversationList';
import {
  appendMessage,
  applyLinkPreview,
  applyTicks,
  olderPageParam,
  statusForSeq,
  threadMessages,
  type ThreadData,
} from '../../../web/features/messaging/threadCache';
import {
  shouldSignalTyping,
  TYPING_SIGNAL_INTERVAL_MS,
  typingExpired,
  typingReceived,
  typingStopped,
} from '../../../web/features/messaging/typingState';

const ME = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-000000000002';

const uuid = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: uuid(1),
    contactId: ANA,
    contact: {
      id: ANA,
      username: 'ana',
      displayName: 'Ana Lima',
      avatar: null,
      status: 'online',
      lastSeen: null,
      privacy: 'public',
    },
    participants: [ME, ANA],
    lastMessage: 'See you at the lake',
    lastMessageId: uuid(900),
    lastMessageSenderId: ANA,
    timestamp: '2026-11-20T10:00:00.000Z',
    unreadCount: 0,
    isPinned: false,
    isArchived: false,
    isStarred: false,
    contactDeliveredSeq: 0,
    contactReadSeq: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    securityLevel: 'medium',
    version: 1,
    ...overrides,
  };
}

function message(seq: number, overrides: Partial<Message> = {}): Message {
  return {
    id: uuid(100 + seq),
    conversationId: uuid(1),
    senderId: ME,
    content: `message ${seq}`,
    timestamp: new Date(Date.UTC(2026, 10, 20, 10, seq)).toISOString(),
    seq,
    read: false,
    type: 'text',
    metadata: {},
    securityLevel: 'medium',
    status: 'sent',
    linkPreview: null,
    call: null,
    mentions: [],
    ...overrides,
  };
}

/** pages[0] is the newest page, as the infinite query keeps them. */
function thread(...pages: Message[][]): ThreadData {
  return {
    pages: pages.map((messages, index) => ({ messages, hasMore: index < pages.length - 1 })),
    pageParams: pages.map((page, index) =>
      index === 0 ? null : (pages[index - 1]?.[0]?.id ?? null),
    ),
  };
}

describe('message list tabs (001 §4)', () => {
  const plain = conversation();
  const unread = conversation({ unreadCount: 2 });
  const starred = conversation({ isStarred: true });
  const archived = conversation({ isArchived: true });
  const archivedUnreadStarred = conversation({ isArchived: true, unreadCount: 3, isStarred: true });

  const table: [string, Conversation, Record<ConversationTab, boolean>][] = [
    ['plain', plain, { all: true, unread: false, starred: false, archived: false }],
    ['unread', unread, { all: true, unread: true, starred: false, archived: false }],
    ['starred', starred, { all: true, unread: false, starred: true, archived: false }],
    ['archived', archived, { all: false, unread: false, starred: false, archived: true }],
    [
      'archived, unread and starred',
      archivedUnreadStarred,
      { all: false, unread: false, starred: false, archived: true },
    ],
  ];

  it.each(table)('places a %s conversation', (_name, subject, expected) => {
    for (const tab of ['all', 'unread', 'starred', 'archived'] as const) {
      expect([tab, inTab(subject, tab)]).toEqual([tab, expected[tab]]);
    }
  });

  it('puts every conversation in exactly one of all and archived', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(5), (isArchived, isStarred, unreadCount) => {
        const subject = conversation({ isArchived, isStarred, unreadCount });
        expect(inTab(subject, 'all')).toBe(!inTab(subject, 'archived'));
      }),
    );
  });
});

describe('conversation search', () => {
  const subject = conversation();

  it('matches the contact name and the last message, ignoring case and outer spaces', () => {
    expect(matchesSearch(subject, 'ana')).toBe(true);
    expect(matchesSearch(subject, '  LIMA ')).toBe(true);
    expect(matchesSearch(subject, 'the LAKE')).toBe(true);
    expect(matchesSearch(subject, 'mountain')).toBe(false);
  });

  it('matches everything when blank, and copes with a conversation without messages', () => {
    expect(matchesSearch(subject, '   ')).toBe(true);
    expect(matchesSearch(conversation({ lastMessage: null }), 'lake')).toBe(false);
  });

  it('applies the tab and the search together', () => {
    const lake = conversation({ id: uuid(2) });
    const other = conversation({
      id: uuid(3),
      lastMessage: 'Hello',
      contact: { ...lake.contact, displayName: 'Bo', username: 'bo' },
    });
    const archivedLake = conversation({ id: uuid(4), isArchived: true });
    const list = [lake, other, archivedLake];
    expect(visibleConversations(list, 'all', 'lake').map(({ id }) => id)).toEqual([uuid(2)]);
    expect(visibleConversations(list, 'archived', 'lake').map(({ id }) => id)).toEqual([uuid(4)]);
    expect(visibleConversations(list, 'all', '')).toHaveLength(2);
  });
});

describe('conversation cache: a refetch merged with what arrived meanwhile', () => {
  it('keeps newer views and conversations the snapshot had not seen yet', () => {
    const started = conversation({
      id: uuid(7),
      version: 0,
      timestamp: '2026-11-02T00:00:00.000Z',
    });
    const cached = [conversation({ version: 6, unreadCount: 0 }), started];
    const snapshot = [conversation({ version: 5, unreadCount: 2 })];
    expect(mergeSnapshot(cached, snapshot)).toEqual([
      conversation({ version: 6, unreadCount: 0 }),
      started,
    ]);
    const newer = [conversation({ version: 8, unreadCount: 3 })];
    expect(mergeSnapshot([conversation({ version: 6 })], newer)).toEqual(newer);
  });
});

describe('conversation cache: upsert by version', () => {
  it('replaces a conversation only with a higher version', () => {
    const held = [conversation({ version: 5, unreadCount: 1 })];
    const older = createNextState(held, (list) =>
      upsertConversation(list, conversation({ version: 4, unreadCount: 9 })),
    );
    expect(older).toBe(held);
    const same = createNextState(held, (list) =>
      upsertConversation(list, conversation({ version: 5, unreadCount: 9 })),
    );
    expect(same).toBe(held);
    const newer = createNextState(held, (list) =>
      upsertConversation(list, conversation({ version: 6, unreadCount: 0 })),
    );
    expect(newer).toEqual([conversation({ version: 6, unreadCount: 0 })]);
  });

  it('adds an unknown conversation and keeps pinned first, then latest activity', () => {
    const pinned = conversation({
      id: uuid(2),
      isPinned: true,
      timestamp: '2026-11-01T00:00:00.000Z',
    });
    const recent = conversation({ id: uuid(3), timestamp: '2026-11-19T00:00:00.000Z' });
    const list = [pinned, recent];
    upsertConversation(list, conversation({ id: uuid(4), timestamp: '2026-11-21T00:00:00.000Z' }));
    expect(list.map(({ id }) => id)).toEqual([uuid(2), uuid(4), uuid(3)]);
  });

  it('ends in the same state whatever order the views arrive in', () => {
    const views = [1, 2, 3, 4].map((version) =>
      conversation({
        version,
        unreadCount: version,
        timestamp: `2026-11-2${version}T00:00:00.000Z`,
      }),
    );
    fc.assert(
      fc.property(fc.shuffledSubarray(views, { minLength: 4, maxLength: 4 }), (order) => {
        const list: Conversation[] = [];
        for (const view of order) upsertConversation(list, view);
        expect(list).toEqual([views[3]]);
      }),
    );
  });

  it('orders by pin, then time, then id', () => {
    const a = conversation({ id: uuid(1) });
    const b = conversation({ id: uuid(2) });
    expect(compareConversations(a, b)).toBeLessThan(0);
    expect(compareConversations(b, { ...a, isPinned: true })).toBeGreaterThan(0);
  });
});

describe('thread cache', () => {
  it('lists messages oldest first across pages', () => {
    const data = thread([message(3), message(4)], [message(1), message(2)]);
    expect(threadMessages(data).map(({ seq }) => seq)).toEqual([1, 2, 3, 4]);
    expect(threadMessages(undefined)).toEqual([]);
  });

  it('appends a new message to the newest page once, however often it arrives', () => {
    const data = createNextState(thread([message(1)], []), (draft) => {
      appendMessage(draft, message(2));
      appendMessage(draft, message(2));
    });
    expect(threadMessages(data).map(({ seq }) => seq)).toEqual([1, 2]);
  });

  it('does not add a message an older page already holds', () => {
    const held = thread([message(3)], [message(1), message(2)]);
    const next = createNextState(held, (draft) => appendMessage(draft, message(1)));
    expect(next).toBe(held);
  });

  it('keeps the order by seq when pushes cross', () => {
    const data = createNextState(thread([message(1)]), (draft) => {
      appendMessage(draft, message(3));
      appendMessage(draft, message(2));
    });
    expect(threadMessages(data).map(({ seq }) => seq)).toEqual([1, 2, 3]);
  });

  it('starts a page for an empty thread', () => {
    const data = createNextState(thread(), (draft) => appendMessage(draft, message(1)));
    expect(data.pages).toEqual([{ messages: [message(1)], hasMore: false }]);
    expect(data.pageParams).toEqual([null]);
  });

  it('takes a pushed link preview card unless it holds a newer one, and its removal', () => {
    const card = (version: number) => ({
      url: 'https://example.com/',
      title: `Example ${version}`,
      description: '',
      siteName: 'example.com',
      image: null,
      version,
    });
    const push = (version: number, linkPreview: ReturnType<typeof card> | null) => ({
      conversationId: uuid(1),
      messageId: message(2).id,
      linkPreview,
      version,
    });
    const carded = createNextState(thread([message(2)], [message(1)]), (draft) =>
      applyLinkPreview(draft, push(1, card(1))),
    );
    expect(threadMessages(carded)[1]!.linkPreview?.title).toBe('Example 1');
    const stale = createNextState(carded, (draft) => applyLinkPreview(draft, push(1, card(1))));
    expect(stale).toBe(carded);
    const removed = createNextState(carded, (draft) => applyLinkPreview(draft, push(2, null)));
    expect(threadMessages(removed)[1]!.linkPreview).toBeNull();
  });

  it('asks for older messages before the oldest loaded, while there are more', () => {
    expect(olderPageParam({ messages: [message(5), message(6)], hasMore: true })).toBe(
      message(5).id,
    );
    expect(olderPageParam({ messages: [message(5)], hasMore: false })).toBeUndefined();
  });
});

describe('ticks', () => {
  it('reads the status from the contact marks', () => {
    const marks = { contactDeliveredSeq: 4, contactReadSeq: 2 };
    expect([1, 2, 3, 4, 5].map((seq) => statusForSeq(seq, marks))).toEqual([
      'read',
      'read',
      'delivered',
      'delivered',
      'sent',
    ]);
  });

  it("recomputes the viewer's own messages and leaves the contact's alone", () => {
    const held = thread(
      [message(3), message(4, { senderId: ANA, status: 'sent' }), message(5)],
      [message(1), message(2)],
    );
    const next = createNextState(held, (draft) =>
      applyTicks(draft, conversation({ contactDeliveredSeq: 3, contactReadSeq: 1 }), ME),
    );
    expect(threadMessages(next).map(({ seq, status }) => [seq, status])).toEqual([
      [1, 'read'],
      [2, 'delivered'],
      [3, 'delivered'],
      [4, 'sent'],
      [5, 'sent'],
    ]);
  });

  it('never lowers a status, so a stale view cannot take a Read back', () => {
    const held = thread([message(1, { status: 'read' }), message(2, { status: 'delivered' })]);
    const next = createNextState(held, (draft) => applyTicks(draft, conversation(), ME));
    expect(next).toBe(held);
  });
});

describe('composer keys', () => {
  it('sends on Enter and adds a newline on Shift+Enter', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
  });

  it('leaves Enter to an input method that is composing, and ignores other keys', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });
});

describe('typing', () => {
  it('signals at most once per interval', () => {
    expect(shouldSignalTyping(null, 1000)).toBe(true);
    expect(shouldSignalTyping(1000, 1000 + TYPING_SIGNAL_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSignalTyping(1000, 1000 + TYPING_SIGNAL_INTERVAL_MS)).toBe(true);
  });

  it('shows a typist until the time to live passes, renewed by each signal', () => {
    const signal = { conversationId: uuid(1), userId: ANA };
    const first = typingReceived({}, signal, 0);
    expect(typingExpired(first, uuid(1), TYPING_TTL_MS - 1)).toBe(first);
    const renewed = typingReceived(first, signal, 3000);
    expect(typingExpired(renewed, uuid(1), TYPING_TTL_MS)).toBe(renewed);
    expect(typingExpired(renewed, uuid(1), 3000 + TYPING_TTL_MS)).toEqual({});
  });

  it("ends the typist's indicator when their message arrives, not someone else's", () => {
    const state = typingReceived({}, { conversationId: uuid(1), userId: ANA }, 0);
    expect(typingStopped(state, uuid(1), ME)).toBe(state);
    expect(typingStopped(state, uuid(1), ANA)).toEqual({});
  });
});
