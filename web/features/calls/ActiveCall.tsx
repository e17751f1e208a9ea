import { CallPanel } from './CallPanel';
import { IncomingCallDialog } from './IncomingCallDialog';
import { useCall } from './useCall';

/** The call this device shows: the ringing dialog, or the panel of the call it is in. */
export function ActiveCall() {
  const call = useCall();
  if (!call.call) return null;
  if (!call.joined) {
    if (call.call.state !== 'ringing') return null;
    return (
      <IncomingCallDialog
        call={call.call}
        onAccept={() => void call.accept()}
        onDecline={() => void call.decline()}
      />
    );
  }
  return (
    <CallPanel
      call={call.call}
      viewerId={call.viewerId}
      peerState={call.peerState}
      muted={call.muted}
      cameraOff={call.cameraOff}
      remoteStream={call.remoteStream}
      localStream={call.localStream}
      onToggleMute={call.toggleMute}
      onToggleCamera={call.toggleCamera}
      onHangUp={() => void call.hangUp()}
    />
  );
}
