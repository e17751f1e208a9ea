import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import type { Call, IceServer } from '../../../shared/calls';
import { formatCallDuration } from '../../../shared/calls/text';

/** `RTCPeerConnection.connectionState`, or `new` before there is a connection. */
export type PeerState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface CallSliceState {
  /** The call this device shows: ringing here, being placed from here, or under way here. */
  call: Call | null;
  /** This device placed or answered the call; the callee's other devices only ring. */
  joined: boolean;
  iceServers: IceServer[];
  muted: boolean;
  cameraOff: boolean;
  peerState: PeerState;
  /** How the last call ended, told once (a toast) and then cleared. */
  notice: string | null;
}

export const initialCallState: CallSliceState = {
  call: null,
  joined: false,
  iceServers: [],
  muted: false,
  cameraOff: false,
  peerState: 'new',
  notice: null,
};

/** How an ended call reads to one of its parties. */
export function endNotice(call: Call, viewerId: string): string {
  const calling = call.caller.id === viewerId;
  if (call.endReason === 'declined') {
    return calling ? `${call.callee.displayName} declined the call` : 'Call declined';
  }
  if (call.endReason === 'missed') {
    return calling ? `${call.callee.displayName} did not answer` : 'Missed call';
  }
  return `Call ended · ${formatCallDuration(call.durationSeconds ?? 0)}`;
}

/** Back to no call, keeping the ICE servers last given. */
function reset(state: CallSliceState, notice: string | null): void {
  Object.assign(state, { ...initialCallState, iceServers: state.iceServers, notice });
}

/**
 * The device's side of calls. The server owns each call's state and pushes it, versioned; this
 * keeps the newest version of the one call the device shows, and what the device itself does
 * with it (mute, camera, the peer connection's state).
 */
export const callSlice = createSlice({
  name: 'call',
  initialState: initialCallState,
  reducers: {
    /** This device placed or answered the call. */
    callJoined(state, action: PayloadAction<{ call: Call; iceServers: IceServer[] }>) {
      Object.assign(state, { ...initialCallState, ...action.payload, joined: true });
    },
    callUpdated(state, action: PayloadAction<{ call: Call; viewerId: string }>) {
      const { call, viewerId } = action.payload;
      const current = state.call;
      if (current && current.id === call.id) {
        if (call.version < current.version) return;
        if (call.state === 'ended') reset(state, endNotice(call, viewerId));
        // Answered on another of the callee's devices: this one stops ringing.
        else if (call.state === 'accepted' && !state.joined) reset(state, null);
        else state.call = call;
        return;
      }
      if (!current && call.state === 'ringing' && call.callee.id === viewerId) {
        reset(state, null);
        state.call = call;
      }
    },
    /** The open calls as the server lists them after a reconnect. */
    openCallsReceived(
      state,
      action: PayloadAction<{ calls: Call[]; iceServers: IceServer[]; viewerId: string }>,
    ) {
      const { calls, iceServers, viewerId } = action.payload;
      state.iceServers = iceServers;
      const current = state.call;
      if (current) {
        const listed = calls.find((call) => call.id === current.id);
        if (!listed) reset(state, null);
        else if (listed.version > current.version) state.call = listed;
        return;
      }
      const ringing = calls.find((call) => call.state === 'ringing' && call.callee.id === viewerId);
      if (ringing) state.call = ringing;
    },
    /** This device is done with the call (hung up, declined, or failed to start). */
    callLeft(state, action: PayloadAction<string | null>) {
      reset(state, action.payload);
    },
    muteToggled(state) {
      state.muted = !state.muted;
    },
    cameraToggled(state) {
      state.cameraOff = !state.cameraOff;
    },
    peerStateChanged(state, action: PayloadAction<PeerState>) {
      state.peerState = action.payload;
    },
    noticeShown(state) {
      state.notice = null;
    },
  },
  selectors: {
    selectCallState: (state) => state,
  },
});

export const {
  callJoined,
  callUpdated,
  openCallsReceived,
  callLeft,
  muteToggled,
  cameraToggled,
  peerStateChanged,
  noticeShown,
} = callSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof callSlice> {}
}

export const { selectCallState } = callSlice.injectInto(rootReducer).selectors;
export const callReducer = callSlice.reducer;
