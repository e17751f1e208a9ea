import type { CallKind, IceServer, Signal } from '../../../shared/calls';
import type { PeerState } from './callSlice';

export interface CallPeerOptions {
  kind: CallKind;
  /** The caller makes the offer once the call is answered; the callee answers it. */
  role: 'caller' | 'callee';
  iceServers: IceServer[];
  send(signal: Signal): void;
  onPeerState(state: PeerState): void;
  onRemoteStream(stream: MediaStream): void;
  onLocalStream(stream: MediaStream): void;
}

/**
 * One call's `RTCPeerConnection` and local media. Candidates that arrive before the remote
 * description are held until it is set; signals that arrive before the media are ready wait
 * for `start`, so the answer always carries the callee's tracks.
 */
export class CallPeer {
  private readonly connection: RTCPeerConnection;
  private local: MediaStream | null = null;
  private readonly remote = new MediaStream();
  private readonly earlyCandidates: RTCIceCandidateInit[] = [];
  private ready: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: CallPeerOptions) {
    this.connection = new RTCPeerConnection({ iceServers: options.iceServers });
    this.connection.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      options.send({
        type: 'candidate',
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    this.connection.onconnectionstatechange = () => {
      options.onPeerState(this.connection.connectionState);
    };
    this.connection.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      options.onRemoteStream(this.remote);
    };
  }

  /** Takes the microphone (and camera), and for the caller sends the offer. */
  start(): Promise<void> {
    this.ready ??= this.open();
    return this.ready;
  }

  private async open(): Promise<void> {
    const video = this.options.kind === 'video';
    this.local = await navigator.mediaDevices.getUserMedia({ audio: true, video });
    if (this.closed) {
      this.stopLocal();
      return;
    }
    for (const track of this.local.getTracks()) this.connection.addTrack(track, this.local);
    this.options.onLocalStream(this.local);
    if (this.options.role === 'caller') {
      await this.connection.setLocalDescription(await this.connection.createOffer());
      this.sendDescription();
    }
  }

  async receive(signal: Signal): Promise<void> {
    await this.start();
    if (this.closed) return;
    if (signal.type === 'candidate') {
      if (this.connection.remoteDescription) {
        await this.connection.addIceCandidate(signal.candidate);
      } else {
        this.earlyCandidates.push(signal.candidate);
      }
      return;
    }
    await this.connection.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
    for (const candidate of this.earlyCandidates.splice(0)) {
      await this.connection.addIceCandidate(candidate);
    }
    if (signal.type === 'offer') {
      await this.connection.setLocalDescription(await this.connection.createAnswer());
      this.sendDescription();
    }
  }

  setMuted(muted: boolean): void {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  setCameraOff(off: boolean): void {
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = !off;
  }

  close(): void {
    this.closed = true;
    this.connection.close();
    this.stopLocal();
  }

  private sendDescription() {
    const description = this.connection.localDescription;
    if (!description || (description.type !== 'offer' && description.type !== 'answer')) return;
    this.options.send({ type: description.type, sdp: description.sdp });
  }

  private stopLocal() {
    for (const track of this.local?.getTracks() ?? []) track.stop();
  }
}
