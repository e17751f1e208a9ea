import { useCallback, useRef } from 'react';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import { emitSocketEvent } from '../connection';
import { shouldSignalTyping } from './typingState';

/** Returns a callback for each keystroke; it tells the contact at most once per interval. */
export function useTypingSignal(conversationId: string): () => void {
  const lastSignalAt = useRef<number | null>(null);
  return useCallback(() => {
    const now = Date.now();
    if (!shouldSignalTyping(lastSignalAt.current, now)) return;
    lastSignalAt.current = now;
    emitSocketEvent(SOCKET_EVENTS.typing, { conversationId });
  }, [conversationId]);
}
