import { jest } from '@jest/globals';
import fc from 'fast-check';
import { ShowingWatch, type Timers } from '../../web/features/ads/impressionTracker';

/** Timers on jest's fake clock. */
const fakeTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function watch() {
  const onImpression = jest.fn();
  return { onImpression, showing: new ShowingWatch(onImpression, fakeTimers) };
}

describe('impression of one showing', () => {
  it('counts once half the ad has been visible for a whole second', () => {
    const { onImpression, showing } = watch();
    showing.visibility(0.5);
    jest.advanceTimersByTime(999);
    expect(onImpression).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onImpression).toHaveBeenCalledTimes(1);
    expect(showing.hasCounted).toBe(true);
  });

  it('never counts an ad less than half visible', () => {
    const { onImpression, showing } = watch();
    showing.visibility(0.49);
    jest.advanceTimersByTime(10_000);
    expect(onImpression).not.toHaveBeenCalled();
  });

  it('restarts the second when the ad drops below half', () => {
    const { onImpression, showing } = watch();
    showing.visibility(0.8);
    jest.advanceTimersByTime(900);
    showing.visibility(0.2);
    jest.advanceTimersByTime(500);
    showing.visibility(0.6);
    jest.advanceTimersByTime(900);
    expect(onImpression).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(onImpression).toHaveBeenCalledTimes(1);
  });

  it('counts a showing once however long it stays and however often visibility changes', () => {
    const { onImpression, showing } = watch();
    showing.visibility(1);
    jest.advanceTimersByTime(1000);
    for (let n = 0; n < 5; n += 1) {
      showing.visibility(0);
      showing.visibility(1);
      jest.advanceTimersByTime(5000);
    }
    expect(onImpression).toHaveBeenCalledTimes(1);
  });

  it('does not restart the second on a further visible report', () => {
    const { onImpression, showing } = watch();
    showing.visibility(0.5);
    jest.advanceTimersByTime(600);
    showing.visibility(1);
    jest.advanceTimersByTime(400);
    expect(onImpression).toHaveBeenCalledTimes(1);
  });

  it('counts nothing once the showing ended, even with its second running', () => {
    const { onImpression, showing } = watch();
    showing.visibility(1);
    jest.advanceTimersByTime(700);
    showing.end();
    showing.visibility(1);
    jest.advanceTimersByTime(5000);
    expect(onImpression).not.toHaveBeenCalled();
  });

  it('counts a rotation to another ad and back as a new showing', () => {
    const first = watch();
    first.showing.visibility(1);
    jest.advanceTimersByTime(1000);
    first.showing.end();
    const again = new ShowingWatch(first.onImpression, fakeTimers);
    again.visibility(1);
    jest.advanceTimersByTime(1000);
    expect(first.onImpression).toHaveBeenCalledTimes(2);
  });
});

describe('impression against a model of visibility', () => {
  it('counts once a run of at least half visible has lasted a second, and never twice', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 1500 })),
          {
            maxLength: 30,
          },
        ),
        (steps) => {
          const { onImpression, showing } = watch();
          // The model: how long the ad has been at least half visible without a break.
          let run = 0;
          let counted = false;
          for (const [ratio, ms] of steps) {
            showing.visibility(ratio);
            if (ratio < 0.5) run = 0;
            else if (!counted && run + ms >= 1000) counted = true;
            else run += ms;
            jest.advanceTimersByTime(ms);
            expect(onImpression).toHaveBeenCalledTimes(counted ? 1 : 0);
          }
          showing.end();
          jest.clearAllTimers();
        },
      ),
    );
  });
});
