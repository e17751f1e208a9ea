/**
 * Runs the tasks given under one key one after another, in the order they were given; tasks of
 * different keys run side by side. A key is forgotten once its last task has ended.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const tail = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
