import { Maximize, Minimize, Pause, PictureInPicture2, Play, Volume2, VolumeX } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../../lib/cn';
import {
  CONTROLS_HIDE_MS,
  formatClock,
  initialVideoControls,
  isSilent,
  SEEK_STEP_S,
  snapVolume,
  stepVolume,
  toggledSound,
  VOLUME_STEP,
  videoControlsReducer,
  videoKeyCommand,
  type VideoKeyCommand,
} from './videoControls';

export interface VideoPlayerProps {
  src: string;
  poster?: string | null;
  /** What the video is, for screen readers: its description or file name. */
  label: string;
  className?: string;
  /** Classes of the `<video>` itself, e.g. a height limit. */
  videoClassName?: string;
}

function ControlButton({
  label,
  onClick,
  pressed,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
      data-testid={testId}
      className="inline-flex size-9 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-5"
    >
      {children}
    </button>
  );
}

function pictureInPictureAvailable(video: HTMLVideoElement | null): boolean {
  return (
    typeof document !== 'undefined' &&
    document.pictureInPictureEnabled === true &&
    video !== null &&
    !video.disablePictureInPicture
  );
}

/**
 * A video with its own controls (000 §4): play and pause, mute, volume from 0 to 1 in tenths,
 * picture-in-picture, fullscreen, and a seek bar. The controls come back when the pointer moves
 * or focus enters them, and hide 3 seconds later while the video plays. Keys when the player has
 * focus: K play/pause, M mute, F fullscreen, arrows up/down volume, left/right seek.
 */
export function VideoPlayer({ src, poster, label, className, videoClassName }: VideoPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const [state, dispatch] = useReducer(videoControlsReducer, initialVideoControls);
  const [position, setPosition] = useState({ current: 0, duration: 0 });
  const [canPictureInPicture, setCanPictureInPicture] = useState(false);

  const scheduleHide = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(
      () => dispatch({ type: 'hideTimerFired' }),
      CONTROLS_HIDE_MS,
    );
  }, []);

  const showControls = useCallback(() => {
    dispatch({ type: 'pointerMoved' });
    scheduleHide();
  }, [scheduleHide]);

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const video = videoRef.current;
    setCanPictureInPicture(pictureInPictureAvailable(video));
    const onEnter = () => dispatch({ type: 'pictureInPictureChanged', active: true });
    const onLeave = () => dispatch({ type: 'pictureInPictureChanged', active: false });
    video?.addEventListener('enterpictureinpicture', onEnter);
    video?.addEventListener('leavepictureinpicture', onLeave);
    const onFullscreen = () =>
      dispatch({
        type: 'fullscreenChanged',
        active:
          document.fullscreenElement !== null && document.fullscreenElement === frameRef.current,
      });
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreen);
      video?.removeEventListener('enterpictureinpicture', onEnter);
      video?.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      // A refused play (the browser's autoplay rules, a missing file) leaves it paused, which the
      // element's own events already show.
      video.play().catch(() => undefined);
    } else {
      video.pause();
    }
  }, []);

  const setSound = useCallback((sound: { muted: boolean; volume: number }) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = snapVolume(sound.volume);
    video.muted = sound.muted;
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (video) setSound(toggledSound({ muted: video.muted, volume: snapVolume(video.volume) }));
  }, [setSound]);

  const changeVolume = useCallback(
    (volume: number) => setSound({ muted: volume === 0, volume }),
    [setSound],
  );

  const toggleFullscreen = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const leaving = document.fullscreenElement === frame;
    const request = leaving ? document.exitFullscreen() : frame.requestFullscreen();
    request.catch(() => undefined);
  }, []);

  const togglePictureInPicture = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const request =
      document.pictureInPictureElement === video
        ? document.exitPictureInPicture()
        : video.requestPictureInPicture();
    request.catch(() => undefined);
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(video.duration)) return;
    video.currentTime = Math.min(video.duration, Math.max(0, seconds));
  }, []);

  const runCommand = (command: VideoKeyCommand) => {
    const video = videoRef.current;
    if (!video) return;
    switch (command) {
      case 'togglePlay':
        return togglePlay();
      case 'toggleMute':
        return toggleMute();
      case 'toggleFullscreen':
        return toggleFullscreen();
      case 'volumeUp':
        return changeVolume(stepVolume(video.volume, 1));
      case 'volumeDown':
        return changeVolume(stepVolume(video.volume, -1));
      case 'seekBack':
        return seekTo(video.currentTime - SEEK_STEP_S);
      case 'seekForward':
        return seekTo(video.currentTime + SEEK_STEP_S);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Sliders move with the arrows themselves; the player's keys must not move them twice.
    if (event.target instanceof HTMLInputElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const command = videoKeyCommand(event.key);
    if (!command) return;
    event.preventDefault();
    showControls();
    runCommand(command);
  };

  const silent = isSilent(state);
  const playLabel = state.playing ? 'Pause' : 'Play';

  return (
    <div
      ref={frameRef}
      role="group"
      aria-label={`Video: ${label}`}
      className={cn(
        'group/video relative overflow-hidden rounded-xl bg-black',
        !state.controlsVisible && 'cursor-none',
        className,
      )}
      onPointerMove={showControls}
      onFocus={showControls}
      onKeyDown={onKeyDown}
      data-testid="video-player"
      data-playing={state.playing}
    >
      <video
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        aria-label={label}
        onClick={togglePlay}
        onPlay={() => {
          dispatch({ type: 'played' });
          scheduleHide();
        }}
        onPause={() => dispatch({ type: 'paused' })}
        onEnded={() => dispatch({ type: 'paused' })}
        onVolumeChange={(event) =>
          dispatch({
            type: 'volumeChanged',
            volume: event.currentTarget.volume,
            muted: event.currentTarget.muted,
          })
        }
        onLoadedMetadata={(event) => {
          setCanPictureInPicture(pictureInPictureAvailable(event.currentTarget));
          setPosition({
            current: event.currentTarget.currentTime,
            duration: event.currentTarget.duration,
          });
        }}
        onDurationChange={(event) => {
          const { duration } = event.currentTarget;
          setPosition((held) => ({ ...held, duration }));
        }}
        onTimeUpdate={(event) => {
          const current = event.currentTarget.currentTime;
          setPosition((held) => ({ ...held, current }));
        }}
        className={cn('block w-full', state.fullscreen ? 'h-full object-contain' : videoClassName)}
        data-testid="post-video"
      />
      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-1 bg-gradient-to-t from-black/80 to-transparent px-2 pt-6 pb-1.5 text-white transition-opacity duration-200',
          state.controlsVisible ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
        data-testid="video-controls"
        data-visible={state.controlsVisible}
      >
        <ControlButton label={playLabel} onClick={togglePlay} testId="video-play">
          {state.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </ControlButton>
        <input
          type="range"
          aria-label="Seek"
          aria-valuetext={`${formatClock(position.current)} of ${formatClock(position.duration)}`}
          min={0}
          max={Number.isFinite(position.duration) ? position.duration : 0}
          step="any"
          value={position.current}
          onChange={(event) => seekTo(Number(event.currentTarget.value))}
          className="h-1 min-w-16 flex-1 cursor-pointer accent-white"
          data-testid="video-seek"
        />
        <span className="px-1 text-xs tabular-nums" aria-hidden data-testid="video-time">
          {formatClock(position.current)} / {formatClock(position.duration)}
        </span>
        <ControlButton
          label={silent ? 'Unmute' : 'Mute'}
          pressed={silent}
          onClick={toggleMute}
          testId="video-mute"
        >
          {silent ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
        </ControlButton>
        <input
          type="range"
          aria-label="Volume"
          aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)}%`}
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={state.muted ? 0 : state.volume}
          onChange={(event) => changeVolume(snapVolume(Number(event.currentTarget.value)))}
          className="h-1 w-20 cursor-pointer accent-white"
          data-testid="video-volume"
        />
        {canPictureInPicture && (
          <ControlButton
            label={state.pictureInPicture ? 'Exit picture in picture' : 'Picture in picture'}
            pressed={state.pictureInPicture}
            onClick={togglePictureInPicture}
            testId="video-pip"
          >
            <PictureInPicture2 aria-hidden />
          </ControlButton>
        )}
        <ControlButton
          label={state.fullscreen ? 'Exit full screen' : 'Full screen'}
          pressed={state.fullscreen}
          onClick={toggleFullscreen}
          testId="video-fullscreen"
        >
          {state.fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
        </ControlButton>
      </div>
    </div>
  );
}
