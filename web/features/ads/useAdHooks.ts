import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type RefObject,
} from 'react';
import { IMPRESSION_VISIBLE_RATIO, MOBILE_MAX_WIDTH } from '../../../shared/ads';
import { deviceForWidth, clampIndex, nextIndex, type Device } from './adSelection';
import { recordAdEvent } from './adRuntime';
import { browserTimers, ShowingWatch } from './impressionTracker';
import { startRotation } from './rotationTimer';

const mobileQuery = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(mobileQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The device the window is now, following resizes across 768 px. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribeToWidth, () => deviceForWidth(window.innerWidth));
}

export interface Showing {
  index: number;
  /** Rises with every change of ad, so returning to an ad is a new showing. */
  serial: number;
}

export interface RotationOptions {
  count: number;
  intervalMs: number;
  autoRotate: boolean;
  paused: boolean;
}

/**
 * 002 §4: the index advances by one after each random wait (`rotationTimer`) and wraps; a dot
 * jumps to its position.
 */
export function useRotation({ count, intervalMs, autoRotate, paused }: RotationOptions) {
  const [showing, setShowing] = useState<Showing>({ index: 0, serial: 0 });
  const index = clampIndex(showing.index, count);

  useEffect(() => {
    if (!autoRotate || paused || count < 2) return;
    return startRotation({
      intervalMs,
      timers: browserTimers,
      onAdvance: () =>
        setShowing((current) => ({
          index: nextIndex(clampIndex(current.index, count), count),
          serial: current.serial + 1,
        })),
    });
  }, [autoRotate, paused, count, intervalMs]);

  const show = useCallback((position: number) => {
    setShowing((current) =>
      current.index === position ? current : { index: position, serial: current.serial + 1 },
    );
  }, []);

  return { index, serial: showing.serial, show };
}

/**
 * Counts one impression for this showing once at least half the element has been visible for a
 * continuous second; a hidden tab is not visible. `showingKey` changes with each new showing.
 */
export function useImpression(
  ref: RefObject<HTMLElement | null>,
  event: { adId: string; placementId: string } | null,
  showingKey: string,
): void {
  const adId = event?.adId;
  const placementId = event?.placementId;
  useEffect(() => {
    const element = ref.current;
    if (!element || !adId || !placementId) return;
    const watch = new ShowingWatch(
      () => recordAdEvent({ adId, placementId, kind: 'impression' }),
      browserTimers,
    );
    let ratio = 0;
    const update = () => watch.visibility(document.visibilityState === 'visible' ? ratio : 0);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratio = entry.isIntersecting ? entry.intersectionRatio : 0;
        update();
      },
      { threshold: [0, IMPRESSION_VISIBLE_RATIO, 1] },
    );
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return () => {
      watch.end();
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, [ref, adId, placementId, showingKey]);
}

/** Hover and keyboard focus inside the element pause its rotation (WCAG 2.2.2). */
export function usePauseWhileEngaged() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => {
      if (!container.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { container, paused: hovered || focused, handlers };
}
