/**
 * What calls need beside their schemas: names, texts and formats. No zod here, so the call layer
 * on every page can use them without bringing the schemas into the first page.
 */

/** The socket events of calls; also listed in `SOCKET_EVENTS`. */
export const CALL_SOCKET_EVENTS = {
  /** Server to client: a call the member is a party to changed state. */
  updated: 'call:updated',
  /** Both directions: a WebRTC offer, answer or ICE candidate for the other party; not stored. */
  signal: 'call:signal',
  /** Client to server: this socket holds a call, which ends if the socket goes away. */
  join: 'call:join',
} as const;

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const CALL_KIND_LABELS = {
  audio: 'Voice call',
  video: 'Video call',
} as const satisfies Record<'audio' | 'video', string>;

/** How a call reads in the thread: "Missed call", "Call declined", "Voice call · 2:31". */
export function callEntryText(entry: {
  kind: keyof typeof CALL_KIND_LABELS;
  outcome: 'missed' | 'declined' | 'completed';
  durationSeconds: number;
}): string {
  if (entry.outcome === 'missed') return 'Missed call';
  if (entry.outcome === 'declined') return 'Call declined';
  return `${CALL_KIND_LABELS[entry.kind]} · ${formatCallDuration(entry.durationSeconds)}`;
}

export const callMessages = {
  callNotFound: 'Call not found',
  busy: 'They are on another call. Try again later.',
  alreadyInCall: 'You are already in a call.',
  callOver: 'This call is over.',
  answeredElsewhere: 'This call was answered on another device.',
  notCallee: 'Only the member being called can answer.',
} as const;
