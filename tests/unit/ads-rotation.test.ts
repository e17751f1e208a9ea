import { jest } from '@jest/globals';
import fc from 'fast-check';
import { ROTATION_INTERVAL_MS } from '../../shared/ads';
import type { Timers } from '../../web/features/ads/impressionTracker';
import { rotationDelayMs, startRotation } from '../../web/features/ads/rotationTimer';

/** Timers on jest's fake clock. */
const fakeTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the ad rotation timer', () => {
  it('waits a new random 3,000 to 8,000 ms before each next ad (002 §9), until stopped', () => {
    const draws = [0, 0.999_999, 0.5];
    const onAdvance = jest.fn();
    const stop = startRotation({
      intervalMs: ROTATION_INTERVAL_MS,
      onAdvance,
      timers: fakeTimers,
      random: () => draws.shift() ?? 0.5,
    });
    jest.advanceTimersByTime(2_999);
    expect(onAdvance).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(7_998);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(2);
    expect(onAdvance).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(5_500);
    expect(onAdvance).toHaveBeenCalledTimes(3);
    stop();
    jest.advanceTimersByTime(60_000);
    expect(onAdvance).toHaveBeenCalledTimes(3);
  });

  it('draws every wait within 3,000 to 8,000 ms for the spec’s interval', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        const delay = rotationDelayMs(ROTATION_INTERVAL_MS, () => draw);
        return Number.isInteger(delay) && delay >= 3_000 && delay <= 8_000;
      }),
    );
  });

  it('keeps an owner’s longer interval as the shortest wait, with the same spread', () => {
    expect(rotationDelayMs(10_000, () => 0)).toBe(10_000);
    expect(rotationDelayMs(10_000, () => 0.999_999)).toBe(15_000);
  });
});
