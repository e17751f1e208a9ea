import { useSyncExternalStore } from 'react';
import { TYPING_TTL_MS } from '../../../shared/social';
import type { TypingPayload } from '../../../shared/realtime';
import { typingExpired, typingReceived, typingStopped, type TypingState } from './typingState';

/** Typing signals are not stored anywhere, so they live here rather than in the Redux store. */
let state: TypingState = {};
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function update(next: TypingState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function typingSignalled(signal: TypingPayload): void {
  const { conversationId } = signal;
  update(typingReceived(state, signal, Date.now()));
  clearTimeout(timers.get(conversationId));
  timers.set(
    conversationId,
    setTimeout(() => {
      timers.delete(conversationId);
      update(typingExpired(state, conversationId, Date.now()));
    }, TYPING_TTL_MS),
  );
}

export function typingEnded(conversationId: string, userId: string): void {
  update(typingStopped(state, conversationId, userId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The id of the member typing in the conversation now, if any. */
export function useTypist(conversationId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => state[conversationId]?.userId ?? null,
    () => null,
  );
}
