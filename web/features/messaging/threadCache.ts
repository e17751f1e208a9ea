import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { MessagePreviewPayload } from '../../../shared/realtime';
import type { Conversation, Message, MessagesPage, MessageStatus } from '../../../shared/social';

/**
 * A thread as RTK Query keeps it: `pages[0]` is the newest page, each later page is older; the
 * page param is the `before` message id (null for the newest page).
 */
export type ThreadData = InfiniteData<MessagesPage, string | null>;

const STATUS_RANK: Record<MessageStatus, number> = { sent: 0, delivered: 1, read: 2 };

/** The thread's messages oldest first. */
export function threadMessages(thread: ThreadData | undefined): Message[] {
  if (!thread) return [];
  return thread.pages.toReversed().flatMap((page) => page.messages);
}

/** Adds a message to the newest page unless the thread already holds that id. */
export function appendMessage(thread: ThreadData, message: Message): void {
  const known = thread.pages.some((page) => page.messages.some(({ id }) => id === message.id));
  if (known) return;
  const newest = thread.pages[0];
  if (!newest) {
    thread.pages.push({ messages: [message], hasMore: false });
    thread.pageParams.push(null);
    return;
  }
  newest.messages.push(message);
  newest.messages.sort((a, b) => a.seq - b.seq);
}

/**
 * A message's card as pushed (`message:preview`): the card, or null once removed. An older card
 * than the one held is ignored; the pushes of one conversation come in commit order.
 */
export function applyLinkPreview(thread: ThreadData, payload: MessagePreviewPayload): void {
  for (const page of thread.pages) {
    const message = page.messages.find(({ id }) => id === payload.messageId);
    if (!message) continue;
    if (message.linkPreview && message.linkPreview.version >= payload.version) return;
    message.linkPreview = payload.linkPreview;
    return;
  }
}

/** Where a message of the viewer's stands, from how far the contact has received and read. */
export function statusForSeq(
  seq: number,
  marks: Pick<Conversation, 'contactDeliveredSeq' | 'contactReadSeq'>,
): MessageStatus {
  if (seq <= marks.contactReadSeq) return 'read';
  if (seq <= marks.contactDeliveredSeq) return 'delivered';
  return 'sent';
}

/**
 * Brings the ticks of the viewer's own messages up to the conversation's marks. Marks never go
 * down, so a status is never lowered either: a stale view cannot take a Read back to Sent.
 */
export function applyTicks(thread: ThreadData, conversation: Conversation, viewerId: string): void {
  for (const page of thread.pages) {
    for (const message of page.messages) {
      if (message.senderId !== viewerId) continue;
      const status = statusForSeq(message.seq, conversation);
      if (STATUS_RANK[status] > STATUS_RANK[message.status]) message.status = status;
    }
  }
}

/** The page param for the next (older) page: the oldest message loaded, while more exist. */
export function olderPageParam(lastPage: MessagesPage): string | undefined {
  return lastPage.hasMore ? lastPage.messages[0]?.id : undefined;
}
