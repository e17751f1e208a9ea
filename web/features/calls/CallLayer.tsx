import { lazy, Suspense } from 'react';
import { useCall } from './useCall';

// Most pages never see a call: the dialog and the panel load with the first one.
const IncomingCallDialog = lazy(async () => ({
  default: (await import('./IncomingCallDialog')).IncomingCallDialog,
}));
const CallPanel = lazy(async () => ({ default: (await import('./CallPanel')).CallPanel }));

/** Calls on every page: the ringing dialog, or the panel of the call this device is in. */
export function CallLayer() {
  const call = useCall();
  if (!call.call) return null;
  if (!call.joined) {
    if (call.call.state !== 'ringing') return null;
    return (
      <Suspense fallback={null}>
        <IncomingCallDialog
          call={call.call}
          onAccept={() => void call.accept()}
          onDecline={() => void call.decline()}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
