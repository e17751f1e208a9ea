import { useEffect, useRef } from 'react';
import type { Conversation } from '../../../shared/social';
import { useMarkReadMutation } from './messagingApi';
import { usePageVisible } from './usePageVisible';
import { conversationClosed, conversationOpened } from './viewing';

/**
 * While the conversation is open and the tab visible, anything unread in it is read: on opening,
 * when a message arrives, and when the tab becomes visible again.
 */
export function useReadMarking(conversation: Conversation): void {
  const visible = usePageVisible();
  const [markRead] = useMarkReadMutation();
  const requested = useRef<string | null>(null);
  const { id, unreadCount, lastMessageId } = conversation;

  useEffect(() => {
    conversationOpened(id);
    return () => conversationClosed(id);
  }, [id]);

  useEffect(() => {
    if (!visible || unreadCount === 0 || !lastMessageId) return;
    const key = `${id}:${lastMessageId}`;
    // The same mark is asked once; the answer (or a push) brings the count to zero.
    if (requested.current === key) return;
    requested.current = key;
    markRead({ conversationId: id, upToMessageId: lastMessageId })
      .unwrap()
      .catch((failure: unknown) => {
        requested.current = null;
        console.error('Could not mark the conversation read', failure);
      });
  }, [id, unreadCount, lastMessageId, visible, markRead]);
}
