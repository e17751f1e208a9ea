import { TYPING_TTL_MS } from '../../../shared/social';
import type { TypingPayload } from '../../../shared/realtime';

/** A composer sends at most one typing signal per this interval. */
export const TYPING_SIGNAL_INTERVAL_MS = 2000;

export function shouldSignalTyping(lastSignalAt: number | null, now: number): boolean {
  return lastSignalAt === null || now - lastSignalAt >= TYPING_SIGNAL_INTERVAL_MS;
}

/** Who is typing in each conversation and until when; one contact per one-to-one conversation. */
export type TypingState = Readonly<Record<string, { userId: string; until: number }>>;

export function typingReceived(
  state: TypingState,
  signal: TypingPayload,
  now: number,
): TypingState {
  return {
    ...state,
    [signal.conversationId]: { userId: signal.userId, until: now + TYPING_TTL_MS },
  };
}

/** A message from the typist ends their indicator at once. */
export function typingStopped(
  state: TypingState,
  conversationId: string,
  userId: string,
): TypingState {
  if (state[conversationId]?.userId !== userId) return state;
  const { [conversationId]: _ended, ...rest } = state;
  return rest;
}

/** Drops the conversation's indicator once its time is up; a fresher signal keeps it. */
export function typingExpired(
  state: TypingState,
  conversationId: string,
  now: number,
): TypingState {
  const entry = state[conversationId];
  if (!entry || entry.until > now) return state;
  const { [conversationId]: _ended, ...rest } = state;
  return rest;
}
