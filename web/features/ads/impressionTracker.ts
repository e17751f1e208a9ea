import { IMPRESSION_VISIBLE_MS, IMPRESSION_VISIBLE_RATIO } from '../../../shared/ads';

/** The timer functions the watch uses; tests pass fake ones. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * One showing of one ad: it counts one impression once at least half of the ad has been visible
 * for a continuous second (002 §3). Dropping below half restarts the second; once counted, the
 * showing never counts again. A rotation to another ad and back is a new showing, so a new watch.
 */
export class ShowingWatch {
  private timer: unknown = null;
  private counted = false;
  private ended = false;

  constructor(
    private readonly onImpression: () => void,
    private readonly timers: Timers,
  ) {}

  /** The share of the ad now visible, 0 when the page is hidden. */
  visibility(ratio: number): void {
    if (this.counted || this.ended) return;
    if (ratio >= IMPRESSION_VISIBLE_RATIO) {
      this.timer ??= this.timers.setTimeout(() => {
        this.timer = null;
        if (this.counted || this.ended) return;
        this.counted = true;
        this.onImpression();
      }, IMPRESSION_VISIBLE_MS);
    } else {
      this.stopTimer();
    }
  }

  get hasCounted(): boolean {
    return this.counted;
  }

  /** The ad left the screen for good (rotated away, dismissed, unmounted). */
  end(): void {
    this.ended = true;
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer === null) return;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
