import type { Signal } from '../../../shared/calls';

type SignalListener = (signal: Signal) => void;

/** Signals kept for a call nobody listens to yet (an offer that beat the callee's camera). */
const MAX_HELD = 200;

const listeners = new Map<string, SignalListener>();
const held = new Map<string, Signal[]>();

/**
 * Where pushed signals meet the peer connection of their call. The offer can arrive before the
 * callee's connection exists (it asks for the microphone first), so signals wait here for it.
 */
export function deliverSignal(callId: string, signal: Signal): void {
  const listener = listeners.get(callId);
  if (listener) {
    listener(signal);
    return;
  }
  // Only the newest call's signals are worth keeping.
  for (const key of held.keys()) if (key !== callId) held.delete(key);
  const waiting = held.get(callId) ?? [];
  if (waiting.length < MAX_HELD) waiting.push(signal);
  held.set(callId, waiting);
}

/** Hears the call's signals, those that came early first; answers the way to stop. */
export function listenForSignals(callId: string, listener: SignalListener): () => void {
  listeners.set(callId, listener);
  const waiting = held.get(callId) ?? [];
  held.delete(callId);
  for (const signal of waiting) listener(signal);
  return () => {
    if (listeners.get(callId) === listener) listeners.delete(callId);
  };
}
