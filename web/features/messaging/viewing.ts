/**
 * The conversation whose thread is on screen. Kept outside the store because only the live
 * handlers ask, and only at the moment a message arrives.
 */
let openConversationId: string | null = null;

export function conversationOpened(id: string): void {
  openConversationId = id;
}

export function conversationClosed(id: string): void {
  if (openConversationId === id) openConversationId = null;
}

/** The member sees the conversation: its thread is open and the tab is visible. */
export function isViewing(conversationId: string): boolean {
  return openConversationId === conversationId && document.visibilityState === 'visible';
}
