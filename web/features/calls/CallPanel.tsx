import { Mic, MicOff, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Call } from '../../../shared/calls';
import { CALL_KIND_LABELS, formatCallDuration } from '../../../shared/calls/text';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { PeerState } from './callSlice';

/** Plays a stream in a media element; the element is muted for the member's own preview. */
function StreamView({
  stream,
  kind,
  testId,
  className,
  muted = false,
  label,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  testId: string;
  className?: string;
  muted?: boolean;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream) element.play().catch(() => undefined);
  }, [stream]);
  if (kind === 'audio') {
    return <audio ref={ref} data-testid={testId} autoPlay aria-label={label} />;
  }
  return (
    <video
      ref={ref}
      data-testid={testId}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      className={className}
    />
  );
}

/** Seconds since the answer, ticking once a second. */
function useElapsed(answeredAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!answeredAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [answeredAt]);
  return answeredAt ? Math.max(0, (now - Date.parse(answeredAt)) / 1000) : 0;
}

const PEER_LABELS: Record<PeerState, string> = {
  new: 'Connecting…',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Reconnecting…',
  failed: 'Connection failed',
  closed: 'Call ended',
};

export interface CallPanelProps {
  call: Call;
  viewerId: string | null;
  peerState: PeerState;
  muted: boolean;
  cameraOff: boolean;
  remoteStream: MediaStream | null;
  localStream: MediaStream | null;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onHangUp: () => void;
}

/** The call under way on this device (or being placed): who, how long, and its controls. */
export function CallPanel(props: CallPanelProps) {
  const { call, viewerId, peerState, muted, cameraOff, remoteStream, localStream } = props;
  const other = call.caller.id === viewerId ? call.callee : call.caller;
  const elapsed = useElapsed(call.answeredAt);
  const video = call.kind === 'video';
  const status =
    call.state === 'ringing'
      ? `Calling ${other.displayName}…`
      : peerState === 'connected'
        ? formatCallDuration(elapsed)
        : PEER_LABELS[peerState];
  return (
    <section
      aria-label={`${CALL_KIND_LABELS[call.kind]} with ${other.displayName}`}
      data-testid="call-panel"
      data-call-state={call.state}
      data-connection-state={peerState}
      className="fixed right-4 bottom-4 z-[9000] grid w-[min(22rem,calc(100%-2rem))] gap-3 rounded-2xl border bg-popover p-4 text-popover-foreground shadow-xl"
    >
      <div>
        <p className="truncate font-semibold">{other.displayName}</p>
        <p className="text-sm text-muted-foreground" data-testid="call-status" aria-live="polite">
          {status}
        </p>
      </div>
      {video ? (
        <div className="relative overflow-hidden rounded-xl bg-black">
          <StreamView
            stream={remoteStream}
            kind="video"
            testId="call-remote-video"
            label={`${other.displayName}'s video`}
            className="aspect-video w-full object-cover"
          />
          <StreamView
            stream={localStream}
            kind="video"
            muted
            testId="call-local-video"
            label="Your video"
            className={cn(
              'absolute right-2 bottom-2 aspect-video w-1/3 rounded-md border object-cover',
              cameraOff && 'invisible',
            )}
          />
        </div>
      ) : (
        <StreamView
          stream={remoteStream}
          kind="audio"
          testId="call-remote-audio"
          label={`${other.displayName}'s voice`}
        />
      )}
      <div className="flex justify-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Mute microphone"
          aria-pressed={muted}
          data-testid="call-mute"
          onClick={props.onToggleMute}
        >
          {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
        </Button>
        {video && (
          <Button
            variant="outline"
            size="icon"
            aria-label="Turn camera off"
            aria-pressed={cameraOff}
            data-testid="call-camera"
            onClick={props.onToggleCamera}
          >
            {cameraOff ? <VideoOff aria-hidden /> : <Video aria-hidden />}
          </Button>
        )}
        <Button
          variant="destructive"
          aria-label={call.state === 'ringing' ? 'Cancel call' : 'Hang up'}
          data-testid="call-hang-up"
          onClick={props.onHangUp}
        >
          <PhoneOff aria-hidden />
          {call.state === 'ringing' ? 'Cancel' : 'Hang up'}
        </Button>
      </div>
    </section>
  );
}
