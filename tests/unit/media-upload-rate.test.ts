import fc from 'fast-check';
import {
  bytesPerSecond,
  formatDuration,
  formatRate,
  RATE_WINDOW_MS,
  secondsLeft,
  withSample,
  type RateSample,
} from '../../web/features/media/upload/transferRate';

function feed(samples: readonly RateSample[]): RateSample[] {
  return samples.reduce<RateSample[]>((window, sample) => withSample(window, sample), []);
}

describe('upload speed over a moving window', () => {
  it('is unknown until two moments are known', () => {
    expect(bytesPerSecond([])).toBeNull();
    expect(bytesPerSecond([{ at: 0, loaded: 0 }])).toBeNull();
    expect(
      bytesPerSecond(
        feed([
          { at: 0, loaded: 0 },
          { at: 500, loaded: 1000 },
        ]),
      ),
    ).toBe(2000);
  });

  it('follows a connection that slows down instead of averaging the whole upload', () => {
    // 1 MB/s for 10 s, then 100 KB/s for 4 s.
    const fast = Array.from({ length: 11 }, (_, s) => ({ at: s * 1000, loaded: s * 1_000_000 }));
    const slow = Array.from({ length: 4 }, (_, s) => ({
      at: 11_000 + s * 1000,
      loaded: 10_000_000 + (s + 1) * 100_000,
    }));
    const window = feed([...fast, ...slow]);
    expect(bytesPerSecond(window)).toBeCloseTo(100_000);
    expect(window[0]).toEqual({ at: 14_000 - RATE_WINDOW_MS, loaded: 10_100_000 });
  });

  it('replaces a sample taken at the same moment and ignores one from the past', () => {
    const window = feed([
      { at: 0, loaded: 0 },
      { at: 100, loaded: 10 },
      { at: 100, loaded: 20 },
      { at: 50, loaded: 30 },
    ]);
    expect(window).toEqual([
      { at: 0, loaded: 0 },
      { at: 100, loaded: 20 },
    ]);
  });

  it('keeps one baseline at or before the window start and nothing older', () => {
    const steps = fc.array(
      fc.record({ dt: fc.integer({ min: 1, max: 2000 }), bytes: fc.nat(1e6) }),
      {
        minLength: 1,
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(steps, (list) => {
        let at = 0;
        let loaded = 0;
        let window: RateSample[] = [{ at, loaded }];
        for (const { dt, bytes } of list) {
          at += dt;
          loaded += bytes;
          window = withSample(window, { at, loaded });
        }
        const start = at - RATE_WINDOW_MS;
        expect(window.at(-1)).toEqual({ at, loaded });
        expect(window.slice(1).every((s) => s.at > start)).toBe(true);
        const rate = bytesPerSecond(window);
        expect(rate === null || rate >= 0).toBe(true);
      }),
    );
  });
});

describe('time remaining', () => {
  it('rounds up and is unknown without a speed', () => {
    expect(secondsLeft(0, 1000, 300)).toBe(4);
    expect(secondsLeft(1000, 1000, 300)).toBe(0);
    expect(secondsLeft(0, 1000, null)).toBeNull();
    expect(secondsLeft(0, 1000, 0)).toBeNull();
  });

  it('reads as seconds, minutes or hours', () => {
    expect(formatDuration(7)).toBe('7 s');
    expect(formatDuration(65)).toBe('1 min 5 s');
    expect(formatDuration(3 * 3600 + 120)).toBe('3 h 2 min');
    expect(formatRate(1536)).toBe('1.5 KB/s');
  });
});
