import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import { RECONNECT } from '../../../shared/constants';
import type { StatusTone } from '../../components/ui/status-badge';

/** The realtime channel as the member sees it; `idle` means there is no channel (signed out). */
export type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'healthy' }
  | { status: 'reconnecting'; attempt: number; maxAttempts: number }
  | { status: 'offline' };

const initialState = { status: 'idle' } as ConnectionState;

function reconnecting(attempt: number): ConnectionState {
  const bounded = Math.min(Math.max(1, Math.trunc(attempt)), RECONNECT.maxAttempts);
  return { status: 'reconnecting', attempt: bounded, maxAttempts: RECONNECT.maxAttempts };
}

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectStarted: (): ConnectionState => ({ status: 'connecting' }),
    connected: (): ConnectionState => ({ status: 'healthy' }),
    /** The link dropped and the client will try again on its own, starting with attempt 1. */
    connectionLost: (state): ConnectionState =>
      state.status === 'idle' || state.status === 'offline' ? state : reconnecting(1),
    reconnectAttempted: (state, action: PayloadAction<number>): ConnectionState =>
      state.status === 'idle' ? state : reconnecting(action.payload),
    /** Retries are exhausted, or the server ended the link: only the Reconnect button helps. */
    connectionGaveUp: (state): ConnectionState =>
      state.status === 'idle' ? state : { status: 'offline' },
    connectionClosed: (): ConnectionState => ({ status: 'idle' }),
  },
  selectors: {
    selectConnection: (state) => state,
  },
});

export const {
  connectStarted,
  connected,
  connectionLost,
  reconnectAttempted,
  connectionGaveUp,
  connectionClosed,
} = connectionSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof connectionSlice> {}
}

export const { selectConnection } = connectionSlice.injectInto(rootReducer).selectors;
export const connectionReducer = connectionSlice.reducer;

/** The status badge's colour: healthy, on its way (connecting or reconnecting), or not connected. */
export function connectionTone(state: ConnectionState): StatusTone {
  if (state.status === 'healthy') return 'success';
  if (state.status === 'connecting' || state.status === 'reconnecting') return 'warning';
  return 'danger';
}

/** The text of the status badge: 'Healthy', 'Reconnecting n/5', 'Offline'. */
export function describeConnection(state: ConnectionState): string {
  switch (state.status) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return 'Connecting…';
    case 'healthy':
      return 'Healthy';
    case 'reconnecting':
      return `Reconnecting ${state.attempt}/${state.maxAttempts}`;
    case 'offline':
      return 'Offline';
  }
}
