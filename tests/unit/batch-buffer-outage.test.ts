import { jest } from '@jest/globals';
import { BatchBuffer } from '../../server/domains/logs/batch-buffer';

class Unreachable extends Error {}

/** A writer that fails with `Unreachable` while `down` is set. */
function flakyWriter() {
  const written: number[][] = [];
  let down = false;
  let attempts = 0;
  return {
    written,
    get attempts() {
      return attempts;
    },
    setDown(value: boolean) {
      down = value;
    },
    write: async (batch: number[]) => {
      attempts += 1;
      if (down) throw new Unreachable('connect ECONNREFUSED');
      written.push([...batch]);
    },
  };
}

function buffer(writer: ReturnType<typeof flakyWriter>, capacity = 100) {
  const errors: unknown[] = [];
  const buffered = new BatchBuffer<number>({
    write: writer.write,
    intervalMs: 100,
    batchSize: 3,
    capacity,
    onError: (error) => errors.push(error),
    retryable: (error) => error instanceof Unreachable,
    retryMs: { first: 1000, max: 4000 },
  });
  return { buffered, errors };
}

describe('BatchBuffer while its database is unreachable', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps the items of a failed write and writes them, in order, once it succeeds', async () => {
    const writer = flakyWriter();
    const { buffered, errors } = buffer(writer);
    writer.setDown(true);
    for (let i = 1; i <= 4; i += 1) buffered.push(i);
    await jest.advanceTimersByTimeAsync(0);
    expect(writer.attempts).toBe(1);
    expect(buffered.pending).toBe(4);

    // Paused: a full batch does not hammer the database; retries come 1 s, then 2 s apart.
    for (let i = 5; i <= 7; i += 1) buffered.push(i);
    await jest.advanceTimersByTimeAsync(999);
    expect(writer.attempts).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(writer.attempts).toBe(2);
    writer.setDown(false);
    await jest.advanceTimersByTimeAsync(2000);
    await buffered.flush();
    expect(writer.written.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(errors).toEqual([]);
    expect(buffered.stats).toMatchObject({ written: 7, dropped: 0, failed: 0 });
  });

  it('keeps at most its capacity, oldest first, and counts what it dropped', async () => {
    const writer = flakyWriter();
    const { buffered } = buffer(writer, 5);
    writer.setDown(true);
    for (let i = 1; i <= 3; i += 1) buffered.push(i);
    await jest.advanceTimersByTimeAsync(0);
    // The failed batch [1, 2, 3] is back in front; [4, 5] fit; 6 to 9 do not.
    for (let i = 4; i <= 9; i += 1) buffered.push(i);
    expect(buffered.pending).toBe(5);
    expect(buffered.takeDropped()).toBe(4);
    writer.setDown(false);
    await buffered.flush();
    expect(writer.written.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(buffered.stats.dropped).toBe(4);
  });

  it('flush tries at once and gives up at a failure, the items still waiting', async () => {
    const writer = flakyWriter();
    const { buffered } = buffer(writer);
    writer.setDown(true);
    buffered.push(1);
    await buffered.flush();
    expect(buffered.pending).toBe(1);
    await buffered.flush();
    expect(writer.attempts).toBe(2);
    writer.setDown(false);
    await buffered.flush();
    expect(writer.written).toEqual([[1]]);
  });

  it('still loses a batch whose failure is not worth retrying', async () => {
    const writer = flakyWriter();
    const errors: unknown[] = [];
    const buffered = new BatchBuffer<number>({
      write: async () => {
        throw new Error('value too long');
      },
      intervalMs: 100,
      batchSize: 3,
      capacity: 10,
      onError: (error) => errors.push(error),
      retryable: (error) => error instanceof Unreachable,
    });
    buffered.push(1);
    await buffered.flush();
    expect(buffered.pending).toBe(0);
    expect(errors).toHaveLength(1);
    expect(writer.attempts).toBe(0);
  });
});
