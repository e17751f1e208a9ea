import { jest } from '@jest/globals';
import pino from 'pino';
import {
  DrainLoop,
  type DrainLoopOptions,
  type PassOutcome,
} from '../../server/realtime/drain-loop';

/** Log lines written by a pino logger, parsed. */
function capturedLogger() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}

type Result = PassOutcome | void | Error;

/** Passes that finish when the test says so, with what the test says. */
function controlledPasses() {
  const finishers: ((result: Result) => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const pass = () => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<PassOutcome | void>((resolve, reject) => {
      finishers.push((result) => {
        inFlight -= 1;
        if (result instanceof Error) reject(result);
        else resolve(result);
      });
    });
  };
  return {
    pass,
    get started() {
      return finishers.length;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    /** Finishes the latest pass and lets the loop react. */
    async finish(result: Result = undefined) {
      finishers[finishers.length - 1]!(result);
      await jest.advanceTimersByTimeAsync(0);
    },
  };
}

function loopWith(
  passes: ReturnType<typeof controlledPasses>,
  options: Partial<DrainLoopOptions> = {},
) {
  const { logger, lines } = capturedLogger();
  const loop = new DrainLoop({
    pass: passes.pass,
    logger,
    failureMessage: 'pass failed',
    ...options,
  });
  return { loop, lines };
}

describe('DrainLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ignores wake-ups before start and after stop', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes);
    loop.wake();
    expect(passes.started).toBe(0);
    loop.start();
    await loop.stop();
    loop.wake();
    expect(passes.started).toBe(0);
  });

  it('folds any number of wake-ups during a pass into exactly one more, never overlapping', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes);
    loop.start();
    loop.wake();
    expect(passes.started).toBe(1);
    loop.wake();
    loop.wake();
    loop.wake();
    expect(passes.started).toBe(1);
    await passes.finish();
    expect(passes.started).toBe(2);
    await passes.finish();
    expect(passes.started).toBe(2);
    expect(passes.maxInFlight).toBe(1);
    // Idle again: the next wake-up starts a pass at once.
    loop.wake();
    expect(passes.started).toBe(3);
    await passes.finish();
    await loop.stop();
  });

  it('runs the pass a wake-up asked for even when it came as the last pass was ending', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes);
    loop.start();
    loop.wake();
    // The pass ends, and before the loop has noticed, another wake-up arrives.
    passes.finish();
    loop.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(passes.started).toBe(2);
    await passes.finish();
    await loop.stop();
  });

  it('spaces passes out by minIntervalMs under load, and starts at once when idle', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { minIntervalMs: 10 });
    loop.start();
    loop.wake();
    expect(passes.started).toBe(1);
    loop.wake();
    await passes.finish();
    // The next pass waits for the rest of the 10 ms since the last one started.
    expect(passes.started).toBe(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(passes.started).toBe(2);
    await passes.finish();
    await jest.advanceTimersByTimeAsync(50);
    loop.wake();
    expect(passes.started).toBe(3);
    await passes.finish();
    await loop.stop();
  });

  it('logs a failed pass and retries it after retryMs', async () => {
    const passes = controlledPasses();
    const { loop, lines } = loopWith(passes, { retryMs: 250 });
    loop.start();
    loop.wake();
    await passes.finish(new Error('connection refused'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'pass failed',
        err: expect.objectContaining({ message: 'connection refused' }),
      }),
    ]);
    await jest.advanceTimersByTimeAsync(249);
    expect(passes.started).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes.started).toBe(2);
    await passes.finish();
    await loop.stop();
  });

  it('lets a wake-up before the retry do its work, so the retry does not run too', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { retryMs: 250 });
    loop.start();
    loop.wake();
    await passes.finish(new Error('boom'));
    loop.wake();
    expect(passes.started).toBe(2);
    await passes.finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes.started).toBe(2);
    await loop.stop();
  });

  it('leaves a failed pass to the next wake-up without retryMs', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes);
    loop.start();
    loop.wake();
    loop.wake();
    // The failure drops the folded wake-up too: the poll or the next wake-up covers it.
    await passes.finish(new Error('boom'));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(passes.started).toBe(1);
    loop.wake();
    expect(passes.started).toBe(2);
    await passes.finish();
    await loop.stop();
  });

  it('polls every pollMs while started', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { pollMs: 1000 });
    loop.start();
    expect(passes.started).toBe(0);
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes.started).toBe(1);
    await passes.finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes.started).toBe(2);
    await passes.finish();
    await loop.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(passes.started).toBe(2);
  });

  it('looks again after 5 ms doubling to 200 ms while a pass asks to, starting over on progress', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { lookAgainMs: { first: 5, max: 200 } });
    const waiting = { progressed: false, lookAgainSoon: true };
    loop.start();
    loop.wake();
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await passes.finish(waiting);
      const before = passes.started;
      let waited = 0;
      while (passes.started === before) {
        await jest.advanceTimersByTimeAsync(1);
        waited += 1;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 200, 200]);

    // Progress starts the backoff over.
    await passes.finish({ progressed: true, lookAgainSoon: true });
    await jest.advanceTimersByTimeAsync(4);
    expect(passes.started).toBe(9);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes.started).toBe(10);

    // Nothing more waiting: no more passes.
    await passes.finish({ progressed: true, lookAgainSoon: false });
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes.started).toBe(10);
    await loop.stop();
  });

  it('cancels the look-again timer when a wake-up comes first', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { lookAgainMs: { first: 5, max: 200 } });
    loop.start();
    loop.wake();
    await passes.finish({ progressed: false, lookAgainSoon: true });
    loop.wake();
    expect(passes.started).toBe(2);
    await passes.finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes.started).toBe(2);
    await loop.stop();
  });

  it('stop waits for the pass in flight and starts none after it', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes, { pollMs: 10, retryMs: 10 });
    loop.start();
    loop.wake();
    loop.wake();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await jest.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    await passes.finish(new Error('interrupted'));
    await stopping;
    expect(stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(100);
    expect(passes.started).toBe(1);
  });

  it('can start again after a stop', async () => {
    const passes = controlledPasses();
    const { loop } = loopWith(passes);
    loop.start();
    await loop.stop();
    loop.start();
    loop.wake();
    expect(passes.started).toBe(1);
    await passes.finish();
    await loop.stop();
  });
});
