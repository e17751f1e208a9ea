import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CallKind } from '../../../shared/calls';
import { CALL_SOCKET_EVENTS } from '../../../shared/calls/text';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../auth';
import { failureMessage } from '../../lib/failures';
import { CallPeer } from './callPeer';
import { emitCallEvent } from './callSocket';
import { callsApi } from './callsApi';
import {
  callJoined,
  callLeft,
  cameraToggled,
  muteToggled,
  peerStateChanged,
  selectCallState,
} from './callSlice';
import { listenForSignals } from './callSignals';

/** Starts a call from a conversation; refusals (busy, not allowed) are told in a toast. */
export function useStartCall() {
  const dispatch = useAppDispatch();
  const { call } = useAppSelector(selectCallState);
  const start = useCallback(
    async (conversationId: string, kind: CallKind) => {
      try {
        const joined = await dispatch(
          callsApi.endpoints.startCall.initiate({ conversationId, kind }),
        ).unwrap();
        dispatch(callJoined(joined));
      } catch (failure) {
        toast.error(failureMessage(failure, 'The call could not be started. Please try again.'));
      }
    },
    [dispatch],
  );
  return { start, busy: call !== null };
}

/**
 * The device's call: owns the `RTCPeerConnection` while a call this device placed or answered
 * is under way, and the actions of the incoming dialog and the call panel.
 */
export function useCall() {
  const dispatch = useAppDispatch();
  const viewerId = useAppSelector(selectSignedInUserId);
  const state = useAppSelector(selectCallState);
  const { call, joined, iceServers, muted, cameraOff } = state;
  const peer = useRef<CallPeer | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);

  const heldCallId = call && joined ? call.id : null;
  const connectedCallId = call && joined && call.state === 'accepted' ? call.id : null;
  const role = call && call.caller.id === viewerId ? 'caller' : 'callee';
  const kind = call?.kind ?? 'audio';

  const hangUp = useCallback(async () => {
    if (!call) return;
    dispatch(callLeft(null));
    await dispatch(callsApi.endpoints.hangUpCall.initiate(call.id))
      .unwrap()
      .catch(() => undefined);
  }, [call, dispatch]);

  // The server hangs up a call whose holding socket goes away (a closed tab).
  useEffect(() => {
    if (heldCallId) emitCallEvent(CALL_SOCKET_EVENTS.join, { callId: heldCallId });
  }, [heldCallId]);

  // Fixed for a call's life: read when its connection opens, never a reason to reopen it.
  const settings = useRef({ kind, role, iceServers } as const);
  useEffect(() => {
    settings.current = { kind, role, iceServers };
  }, [kind, role, iceServers]);

  useEffect(() => {
    if (!connectedCallId) return;
    const connection = new CallPeer({
      ...settings.current,
      send: (signal) =>
        emitCallEvent(CALL_SOCKET_EVENTS.signal, { callId: connectedCallId, signal }),
      onPeerState: (peerState) => dispatch(peerStateChanged(peerState)),
      onRemoteStream: (stream) => setRemoteStream(new MediaStream(stream.getTracks())),
      onLocalStream: setLocalStream,
    });
    peer.current = connection;
    const stopListening = listenForSignals(connectedCallId, (signal) => {
      connection.receive(signal).catch(() => undefined);
    });
    connection.start().catch(() => {
      toast.error('Your microphone or camera could not be used, so the call ended.');
      dispatch(callLeft(null));
      void dispatch(callsApi.endpoints.hangUpCall.initiate(connectedCallId));
    });
    return () => {
      stopListening();
      connection.close();
      peer.current = null;
      setRemoteStream(null);
      setLocalStream(null);
      dispatch(peerStateChanged('closed'));
    };
  }, [connectedCallId, dispatch]);

  useEffect(() => peer.current?.setMuted(muted), [muted, localStream]);
  useEffect(() => peer.current?.setCameraOff(cameraOff), [cameraOff, localStream]);

  const accept = useCallback(async () => {
    if (!call) return;
    try {
      dispatch(
        callJoined(await dispatch(callsApi.endpoints.answerCall.initiate(call.id)).unwrap()),
      );
    } catch (failure) {
      dispatch(callLeft(null));
      toast.error(failureMessage(failure, 'The call could not be answered.'));
    }
  }, [call, dispatch]);

  const decline = useCallback(async () => {
    if (!call) return;
    dispatch(callLeft(null));
    await dispatch(callsApi.endpoints.declineCall.initiate(call.id))
      .unwrap()
      .catch(() => undefined);
  }, [call, dispatch]);

  return {
    ...state,
    viewerId,
    remoteStream,
    localStream,
    accept,
    decline,
    hangUp,
    toggleMute: () => dispatch(muteToggled()),
    toggleCamera: () => dispatch(cameraToggled()),
  };
}
