import { jest } from '@jest/globals';
import { BatchBuffer } from '../../server/domains/logs/batch-buffer';

/** A writer whose batches finish when the test says so. */
function controlledWriter() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (batch: number[]) => {
    batches.push(batch);
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const finishAll = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { batches, pending, write, finishAll };
}

describe('BatchBuffer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes after the interval, not per item', async () => {
    const writer = controlledWriter();
    const buffer = new BatchBuffer<number>({
      write: writer.write,
      intervalMs: 1000,
      batchSize: 100,
      capacity: 1000,
      onError: () => undefined,
    });
    buffer.push(1);
    buffer.push(2);
    expect(writer.batches).toEqual([]);
    jest.advanceTimersByTime(999);
    expect(writer.batches).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(writer.batches).toEqual([[1, 2]]);
  });

  it('writes at once when a batch fills, one write at a time', async () => {
    const writer = controlledWriter();
    const buffer = new BatchBuffer<number>({
      write: writer.write,
      intervalMs: 1000,
      batchSize: 2,
      capacity: 1000,
      onError: () => undefined,
    });
    for (let i = 1; i <= 5; i += 1) buffer.push(i);
    expect(writer.batches).toEqual([[1, 2]]);
    const flushed = buffer.flush();
    writer.finishAll();
    await jest.advanceTimersByTimeAsync(0);
    expect(writer.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    writer.finishAll();
    await jest.advanceTimersByTimeAsync(0);
    writer.finishAll();
    await flushed;
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(buffer.stats).toEqual({ batches: 3, written: 5, dropped: 0, failed: 0 });
  });

  it('drops and counts what exceeds its capacity, without throwing', () => {
    const writer = controlledWriter();
    const buffer = new BatchBuffer<number>({
      write: writer.write,
      intervalMs: 1000,
      batchSize: 100,
      capacity: 3,
      onError: () => undefined,
    });
    for (let i = 0; i < 10; i += 1) buffer.push(i);
    expect(buffer.pending).toBe(3);
    expect(buffer.stats.dropped).toBe(7);
    expect(buffer.takeDropped()).toBe(7);
    expect(buffer.takeDropped()).toBe(0);
  });

  it('reports a failed batch once and carries on with the next', async () => {
    const errors: [unknown, number][] = [];
    let fail = true;
    const written: number[][] = [];
    const buffer = new BatchBuffer<number>({
      write: async (batch) => {
        if (fail) {
          fail = false;
          throw new Error('database down');
        }
        written.push(batch);
      },
      intervalMs: 1000,
      batchSize: 2,
      capacity: 100,
      onError: (error, lost) => errors.push([error, lost]),
    });
    buffer.push(1);
    buffer.push(2);
    buffer.push(3);
    await buffer.flush();
    expect(errors).toEqual([[new Error('database down'), 2]]);
    expect(written).toEqual([[3]]);
    expect(buffer.stats.failed).toBe(2);
  });

  it('holds items until resumed, and close writes what is left', async () => {
    const written: number[][] = [];
    const buffer = new BatchBuffer<number>({
      write: async (batch) => {
        written.push(batch);
      },
      intervalMs: 1000,
      batchSize: 2,
      capacity: 100,
      onError: () => undefined,
      held: true,
    });
    buffer.push(1);
    buffer.push(2);
    buffer.push(3);
    await buffer.flush();
    expect(written).toEqual([]);
    buffer.resume();
    await buffer.close();
    expect(written).toEqual([[1, 2], [3]]);
    buffer.push(4);
    expect(buffer.pending).toBe(0);
  });
});
