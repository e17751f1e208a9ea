import { jest } from '@jest/globals';
import { Coalescer } from '../../server/realtime/coalescer';

const WINDOW = 50;

/**
 * A coalescer over a value per key that the test moves, as a pusher's run reads the read model:
 * each run records, per key, the time it started and the value it read then. `runMs` is how long
 * a run takes; `failing` makes runs throw.
 */
function pushes(runMs = 0) {
  const values = new Map<string, number>();
  const runs: { at: number; keys: string[] }[] = [];
  const delivered = new Map<string, { at: number; value: number }[]>();
  const errors: unknown[] = [];
  const state = { failing: false };
  const coalescer = new Coalescer({
    windowMs: WINDOW,
    run: async (keys) => {
      const at = performance.now();
      runs.push({ at, keys: [...keys].sort() });
      if (state.failing) throw new Error('database down');
      const read = keys.map((key) => [key, values.get(key) ?? 0] as const);
      if (runMs > 0) await new Promise((resolve) => setTimeout(resolve, runMs));
      for (const [key, value] of read) {
        delivered.set(key, [...(delivered.get(key) ?? []), { at, value }]);
      }
    },
    onError: (error) => errors.push(error),
  });
  /** The key's value moves on (a like committed), then the change is announced. */
  const change = (key: string) => {
    values.set(key, (values.get(key) ?? 0) + 1);
    coalescer.request([key]);
  };
  return { values, runs, delivered, errors, state, coalescer, change };
}

// Runs here take no time: each test lets a run finish (advancing by 0) before moving the clock.
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('coalescer', () => {
  it('runs the first change after a quiet window at once', async () => {
    const { runs, delivered, change } = pushes();
    const start = performance.now();
    change('post');
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([{ at: start, keys: ['post'] }]);
    expect(delivered.get('post')).toEqual([{ at: start, value: 1 }]);
  });

  it('folds a burst into one run per window, and the last value always arrives', async () => {
    const { values, runs, delivered, change } = pushes();
    // 500 changes a second for one second: one every 2 ms.
    for (let i = 0; i < 500; i++) {
      change('post');
      await jest.advanceTimersByTimeAsync(2);
    }
    await jest.advanceTimersByTimeAsync(WINDOW);
    const seen = delivered.get('post')!;
    expect(seen.length).toBeLessThanOrEqual(1000 / WINDOW + 1);
    expect(seen.length).toBeGreaterThanOrEqual(1000 / WINDOW - 1);
    // Runs are a window apart, values only rise, and the last is the final value.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(WINDOW);
      expect(seen[i]!.value).toBeGreaterThan(seen[i - 1]!.value);
    }
    expect(seen.at(-1)!.value).toBe(values.get('post'));
  });

  it('delays no change by more than a window', async () => {
    const { delivered, change } = pushes();
    const changedAt: number[] = [];
    for (let i = 0; i < 300; i++) {
      changedAt.push(performance.now());
      change('post');
      await jest.advanceTimersByTimeAsync(1 + (i % 7));
    }
    await jest.advanceTimersByTimeAsync(WINDOW);
    const seen = delivered.get('post')!;
    changedAt.forEach((at, i) => {
      // The first run that read the (i + 1)th value, or a later one.
      const run = seen.find((s) => s.value >= i + 1)!;
      expect(run.at - at).toBeLessThanOrEqual(WINDOW);
    });
  });

  it('runs once more a window after a run that a change arrived during, never two at once', async () => {
    const { values, runs, delivered, change } = pushes(WINDOW * 3);
    change('post');
    await jest.advanceTimersByTimeAsync(10);
    change('post');
    change('post');
    await jest.advanceTimersByTimeAsync(WINDOW * 10);
    // The second starts a window after the first ended.
    expect(runs.map((r) => r.at)).toEqual([0, WINDOW * 4].map((t) => t + runs[0]!.at));
    expect(delivered.get('post')!.map((d) => d.value)).toEqual([1, 3]);
    expect(values.get('post')).toBe(3);
  });

  it('runs the keys due at one moment together, each on its own window', async () => {
    const { runs, change } = pushes();
    change('a');
    change('b');
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(10);
    change('a');
    change('c');
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(WINDOW);
    const start = runs[0]!.at;
    expect(runs).toEqual([
      { at: start, keys: ['a', 'b'] },
      { at: start + 10, keys: ['c'] },
      { at: start + WINDOW, keys: ['a'] },
    ]);
  });

  it('reports a failed run and runs the key again when it changes again', async () => {
    const { delivered, errors, state, change } = pushes();
    state.failing = true;
    change('post');
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(WINDOW * 2);
    expect(errors).toHaveLength(1);
    state.failing = false;
    change('post');
    await jest.advanceTimersByTimeAsync(0);
    expect(delivered.get('post')).toEqual([{ at: expect.any(Number), value: 2 }]);
  });

  it('runs nothing after stop, and waits for the run in flight', async () => {
    const { runs, delivered, coalescer, change } = pushes(20);
    change('post');
    change('post');
    await jest.advanceTimersByTimeAsync(1);
    const stopped = coalescer.stop();
    change('post');
    await jest.advanceTimersByTimeAsync(WINDOW * 4);
    await stopped;
    expect(runs).toHaveLength(1);
    expect(delivered.get('post')).toHaveLength(1);
  });
});
