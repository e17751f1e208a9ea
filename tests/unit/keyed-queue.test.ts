import { KeyedQueue } from '../../server/core/keyed-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it('runs one key’s tasks one after another, in the order given, and other keys beside them', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const releases: Record<string, () => void> = {};
    const task = (name: string) => () => {
      log.push(`start ${name}`);
      return new Promise<string>((resolve) => {
        releases[name] = () => {
          log.push(`end ${name}`);
          resolve(name);
        };
      });
    };
    const a1 = queue.run('a', task('a1'));
    const a2 = queue.run('a', task('a2'));
    const b1 = queue.run('b', task('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    releases.a1!();
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    releases.a2!();
    releases.b1!();
    expect(await Promise.all([a1, a2, b1])).toEqual(['a1', 'a2', 'b1']);
    expect(queue.size).toBe(0);
  });

  it('goes on to the next task when one fails, and forgets the key after', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('refused')));
    const next = queue.run('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
    expect(queue.size).toBe(0);
  });
});
