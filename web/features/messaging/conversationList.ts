import type { Conversation } from '../../../shared/social';

/** The filter tabs of the conversation list (spec 001 §4). */
export const CONVERSATION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'starred', label: 'Starred' },
  { value: 'archived', label: 'Archived' },
] as const;

export type ConversationTab = (typeof CONVERSATION_TABS)[number]['value'];

export function isConversationTab(value: string): value is ConversationTab {
  return CONVERSATION_TABS.some((tab) => tab.value === value);
}

/** Archived conversations appear only under their own tab; every other tab leaves them out. */
export function inTab(conversation: Conversation, tab: ConversationTab): boolean {
  if (tab === 'archived') return conversation.isArchived;
  if (conversation.isArchived) return false;
  if (tab === 'unread') return conversation.unreadCount > 0;
  if (tab === 'starred') return conversation.isStarred;
  return true;
}

/** Case-insensitive match on the contact's name or the last message text; blank matches all. */
export function matchesSearch(conversation: Conversation, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  const { displayName, username } = conversation.contact;
  return [displayName, username, conversation.lastMessage ?? ''].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

export function visibleConversations(
  conversations: readonly Conversation[],
  tab: ConversationTab,
  query: string,
): Conversation[] {
  return conversations.filter(
    (conversation) => inTab(conversation, tab) && matchesSearch(conversation, query),
  );
}

/** The server's order: pinned first, then latest activity; the id keeps ties stable. */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Puts a member's view of a conversation into the cached list, in place (an Immer draft or a
 * plain array). Views carry a version that rises with every change, so an older or duplicate
 * view (a push that lost the race with a response) is ignored.
 */
export function upsertConversation(list: Conversation[], incoming: Conversation): void {
  const index = list.findIndex((conversation) => conversation.id === incoming.id);
  const current = list[index];
  if (current) {
    if (current.version >= incoming.version) return;
    list[index] = incoming;
  } else {
    list.push(incoming);
  }
  list.sort(compareConversations);
}

/**
 * A fresh list from the server, merged with what the cache learned while the request was in
 * flight: a view the cache already holds at a newer version stays, and a conversation the list
 * does not have yet (started after the server read it, known from a push or a response) stays
 * too; conversations are never deleted. A slow snapshot thus never rolls the list back.
 */
export function mergeSnapshot(
  cached: readonly Conversation[],
  snapshot: readonly Conversation[],
): Conversation[] {
  const merged = [...snapshot];
  for (const held of cached) upsertConversation(merged, held);
  return merged.sort(compareConversations);
}
