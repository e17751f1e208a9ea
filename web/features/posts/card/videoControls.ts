/** Controls hide this long after the pointer last moved, while the video plays (000 §4, §9). */
export const CONTROLS_HIDE_MS = 3000;
/** The volume slider runs from 0 to 1 in steps of 0.1 (000 §4, §9). */
export const VOLUME_STEP = 0.1;
/** What unmuting a video whose volume was slid to 0 brings it back to. */
export const UNMUTE_VOLUME = 0.5;

/** A volume on the slider's grid: 0 to 1, in tenths, without floating-point dust. */
export function snapVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 0;
  const tenths = Math.round(Math.min(1, Math.max(0, volume)) * (1 / VOLUME_STEP));
  return tenths / 10;
}

export function stepVolume(volume: number, direction: 1 | -1): number {
  return snapVolume(volume + direction * VOLUME_STEP);
}

export interface VideoControlsState {
  playing: boolean;
  muted: boolean;
  volume: number;
  controlsVisible: boolean;
  pictureInPicture: boolean;
  fullscreen: boolean;
}

export const initialVideoControls: VideoControlsState = {
  playing: false,
  muted: false,
  volume: 1,
  controlsVisible: true,
  pictureInPicture: false,
  fullscreen: false,
};

/**
 * What happened to the player: the element's own events (played, paused, volume changed,
 * picture-in-picture and fullscreen entered or left) and the viewer's pointer and the hide timer.
 * The element is the truth for playback; these only mirror it for the controls.
 */
export type VideoControlsEvent =
  | { type: 'played' }
  | { type: 'paused' }
  | { type: 'volumeChanged'; volume: number; muted: boolean }
  | { type: 'pointerMoved' }
  | { type: 'hideTimerFired' }
  | { type: 'pictureInPictureChanged'; active: boolean }
  | { type: 'fullscreenChanged'; active: boolean };

export function videoControlsReducer(
  state: VideoControlsState,
  event: VideoControlsEvent,
): VideoControlsState {
  switch (event.type) {
    case 'played':
      return { ...state, playing: true };
    case 'paused':
      // A paused video keeps its controls in view: there is nothing to watch behind them.
      return { ...state, playing: false, controlsVisible: true };
    case 'volumeChanged':
      return { ...state, volume: snapVolume(event.volume), muted: event.muted };
    case 'pointerMoved':
      return state.controlsVisible ? state : { ...state, controlsVisible: true };
    case 'hideTimerFired':
      return state.playing ? { ...state, controlsVisible: false } : state;
    case 'pictureInPictureChanged':
      return { ...state, pictureInPicture: event.active };
    case 'fullscreenChanged':
      return { ...state, fullscreen: event.active };
  }
}

/** Whether the hide timer should run: only while the video plays with its controls shown. */
export function hideTimerWanted(state: VideoControlsState): boolean {
  return state.playing && state.controlsVisible;
}

/** The sound the mute button gives: unmuting a silent slider brings some volume back. */
export function toggledSound(state: Pick<VideoControlsState, 'muted' | 'volume'>): {
  muted: boolean;
  volume: number;
} {
  if (state.muted || state.volume === 0) {
    return { muted: false, volume: state.volume === 0 ? UNMUTE_VOLUME : state.volume };
  }
  return { muted: true, volume: state.volume };
}

/** Whether the viewer hears nothing: muted, or the slider at 0. */
export function isSilent(state: Pick<VideoControlsState, 'muted' | 'volume'>): boolean {
  return state.muted || state.volume === 0;
}

export type VideoKeyCommand =
  | 'togglePlay'
  | 'toggleMute'
  | 'toggleFullscreen'
  | 'volumeUp'
  | 'volumeDown'
  | 'seekBack'
  | 'seekForward';

/**
 * Keys the focused player answers, as common players do. Space and Enter are left to the
 * focused button or slider, which handle them themselves.
 */
export function videoKeyCommand(key: string): VideoKeyCommand | null {
  switch (key) {
    case 'k':
    case 'K':
      return 'togglePlay';
    case 'm':
    case 'M':
      return 'toggleMute';
    case 'f':
    case 'F':
      return 'toggleFullscreen';
    case 'ArrowUp':
      return 'volumeUp';
    case 'ArrowDown':
      return 'volumeDown';
    case 'ArrowLeft':
    case 'j':
    case 'J':
      return 'seekBack';
    case 'ArrowRight':
    case 'l':
    case 'L':
      return 'seekForward';
    default:
      return null;
  }
}

/** Seconds moved by the seek keys. */
export const SEEK_STEP_S = 5;

/** '0:07', '12:34', '1:02:03': the player's position and length. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
